import ArgumentParser
import Foundation
import Kernel
import KernelWeb
import Signup

/// The sign-up form, plugged into Atelier: its option (where to send the user), its page and look.
public struct SignupFeature: WebFeature {
    public let descriptor = FeatureDescriptor.signup
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
    public var options: [FeatureOption] {
        [FeatureOption("endpoint", help: "Where Save POSTs the user as JSON (default: nowhere; the page shows the JSON).")]
    }

    /// The feature value the registry lists.
    public init() {}

    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let endpoint = try SignupEndpoint(setting: context.feature.settings["endpoint"])
        return FeatureRuntime(
            routes: SignupRoutes(endpoint: endpoint, pages: context.pages),
            api: SignupAPI(logger: context.feature.logger),
            services: [endpoint.http],
            liveEvents: []
        )
    }
}
