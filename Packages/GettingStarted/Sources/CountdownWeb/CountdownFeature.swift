import ArgumentParser
import Countdown
import Foundation
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// The countdown clock, plugged into Atelier: its option (which system scheduler notifies while the host is not
/// running), its CLI, its page and look. The host's own notice delivery fires each countdown at its second.
public struct CountdownFeature: WebFeature {
    public let descriptor = FeatureDescriptor.countdown
    public var commands: [any ParsableCommand.Type] { [CountdownCommand.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
    public var options: [FeatureOption] {
        [FeatureOption("scheduler", help: "How countdowns notify while Atelier is not running: auto (default), at, systemd or none.")]
    }

    /// The feature value the registry lists.
    public init() {}

    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let feature = context.feature
        let scheduler: CountdownScheduler
        if let path = feature.databasePath {
            do {
                scheduler = try CountdownScheduler.choose(
                    feature.settings["scheduler"],
                    executable: CountdownScheduler.currentExecutable,
                    dataDirectory: (path as NSString).deletingLastPathComponent
                )
            } catch {
                throw CommandFailure(error.message)
            }
        } else {
            scheduler = CountdownScheduler(kind: .none, executable: "", dataDirectory: "")
        }
        let store = CountdownStore(database: feature.database, notices: feature.notices, scheduler: scheduler)
        // Read and rendered once per change: a start, a cancel (this process's or the CLI's) or a delivered notice
        // (a countdown that ended) makes the next request read again.
        let firstPage = CachedValues<PersonID, CountdownFirstPage>(limit: 1_000)
        return FeatureRuntime(
            routes: CountdownRoutes(store: store, pages: context.pages, firstPage: firstPage),
            api: CountdownAPI(store: store, logger: feature.logger),
            liveEvents: [CountdownChanged.self],
            changes: CountdownChanged.self,
            caches: FeatureCaches([firstPage], alsoDroppedOn: [NoticeDelivered.self])
        )
    }
}
