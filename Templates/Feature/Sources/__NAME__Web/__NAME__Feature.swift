import ArgumentParser
import Foundation
import Kernel
import KernelWeb
import __NAME__

/// __TITLE__, plugged into Atelier: its CLI, pages, JSON API, live updates and look.
public struct __NAME__Feature: WebFeature {
    public let descriptor = FeatureDescriptor.__ID__
    public var commands: [any ParsableCommand.Type] { [__NAME__Command.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }

    /// The feature value the registry lists.
    public init() {}

    /// Builds the repository the pages and the API share, once.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let repository = __NAME__Repository(writer: context.feature.database)
        return FeatureRuntime(
            routes: __NAME__Routes(repository: repository, pages: context.pages),
            api: __NAME__API(repository: repository, logger: context.feature.logger),
            liveEvents: [__NAME__Changed.self],
            // Every change, this process's or another's, reaches the pages as one __NAME__Changed from the change log.
            changes: __NAME__Changed.self
        )
    }
}
