import ArgumentParser
import Foundation
import Kernel
import KernelStorage
import KernelWeb
import TaskList

/// The task list, plugged into Atelier: its CLI, pages, live updates and look.
public struct TaskListFeature: WebFeature {
    public let descriptor = FeatureDescriptor.tasks
    public var commands: [any ParsableCommand.Type] { [TasksCommand.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }

    /// The feature value the registry lists.
    public init() {}

    /// Seeds the example tasks on a new database (the local person's), and builds the repository the pages share.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let repository = TaskRepository(writer: context.feature.database)
        try await repository.seedIfEmpty(today: .today())
        // Each person's first page and counts.
        let list = CachedValues<PersonID, RenderedTaskList>(limit: 1_000)
        // Tasks for their edit pages, and the list's rows past the first page: a read through the database pool hops
        // to its reader queue and back, which cost those pages most of their time (a `perf` profile under `wrk`).
        let items = CachedValues<PersonalKey<Int64>, TaskItem>(limit: 1_000)
        let rows = CachedValues<PersonalKey<String>, RenderedTaskRows>(limit: 256)
        let api = TaskAPI(repository: repository, logger: context.feature.logger)
        return FeatureRuntime(
            routes: TaskRoutes(repository: repository, pages: context.pages, list: list, items: items, rows: rows),
            api: api,
            liveEvents: [TaskChanged.self],
            // Every change, this process's or another's, is a TaskChanged from the change log: the Kernel drops the
            // cached list and tasks before the write that made the change returns, and before any page hears of it.
            changes: TaskChanged.self,
            caches: FeatureCaches([list, items, rows, api.reads.kept])
        )
    }
}
