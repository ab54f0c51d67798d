import ArgumentParser
import Foundation
import Hummingbird
import Kernel
import KernelBus
import KernelStorage
import KernelWeb
import Logging
import ServiceLifecycle
import TaskList

/// The task list, plugged into Atelier: its storage, CLI, live updates and pages.
public struct TaskListFeature: WebFeature {
    public let id = TaskListIdentity.id
    public let title = TaskListIdentity.title
    public let icon = "✓"
    public let tint = FeatureTint.green
    public let summary = "A to-do list, sorted so what’s next is on top."
    public var migrations: FeatureMigrations { TaskListMigrations.feature }
    public var commands: [any ParsableCommand.Type] { [TasksCommand.self] }
    public var liveEvents: [BusNotification.Name] { [TaskListNotifications.changed] }

    /// The feature value the registry lists.
    public init() {}

    /// Seeds the example tasks on a new database.
    public func prepare(context: FeatureContext) throws {
        try TaskRepository(writer: context.database, bus: context.bus).seedIfEmpty(today: .today())
    }

    /// Watches the database file so changes made by the CLI (another process) reach open pages too.
    public func services(context: FeatureContext) -> [any Service] {
        [ExternalChangeService(monitor: DatabaseChangeMonitor(writer: context.database), bus: context.bus, logger: context.logger)]
    }

    public func addRoutes(to routes: RouterGroup<AppRequestContext>, web: WebContext) async throws {
        let repository = TaskRepository(writer: web.feature.database, bus: web.feature.bus)
        TaskRoutes(repository: repository, pages: web.pages).add(to: routes)
    }
}

/// Posts `tasks.changed` when another process commits to the task database.
struct ExternalChangeService: Service {
    let monitor: DatabaseChangeMonitor
    let bus: NotificationBus
    let logger: Logger

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                try await monitor.run { [bus] in
                    bus.post(name: TaskListNotifications.changed, userInfo: [TaskListNotifications.changeKey: "external"])
                }
            }
        } catch is CancellationError {
        } catch {
            logger.warning("Stopped watching the task database for outside changes: \(error)")
        }
    }
}
