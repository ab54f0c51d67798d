import ArgumentParser
import AssignmentTracker
import Foundation
import Kernel
import KernelHTTPClient
import KernelStorage
import KernelWeb
import Logging
import ServiceLifecycle

/// Assignments, plugged into Atelier: its CLI, pages, reminders, schedule watch, live updates and look.
public struct AssignmentTrackerFeature: WebFeature {
    public let descriptor = FeatureDescriptor.assignments
    public var commands: [any ParsableCommand.Type] { [AssignmentsCommand.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
    public var options: [FeatureOption] { CalendarServerSettings.options }

    /// The clock the pages and the schedule watch go by.
    let now: @Sendable () -> Date
    /// How often the schedule watch looks.
    let scheduleInterval: Duration

    /// The feature value the registry lists; tests give it a clock of their own and a shorter watch.
    public init(now: @escaping @Sendable () -> Date = { Date() }, scheduleInterval: Duration = .seconds(30)) {
        self.now = now
        self.scheduleInterval = scheduleInterval
    }

    /// Builds the repository the pages share, puts back any reminder a crash lost, and starts the schedule watch and,
    /// when a CalDAV server is configured, the calendar push.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let bus = context.feature.bus
        let repository = AssignmentRepository(writer: context.feature.database, now: now)
        var services: [any Service] = [
            ScheduleWatchService(repository: repository, interval: scheduleInterval, logger: context.feature.logger)
        ]
        var sync: CalendarSync?
        if let server = try CalendarServerSettings.server(from: context.feature.settings) {
            // Listed before the push, so it is shut down after it.
            let http = HTTPClientService(configuration: HTTPCalendarTransport.configuration)
            let pusher = CalendarSync(
                writer: context.feature.database,
                server: server,
                transport: HTTPCalendarTransport(client: { http.client })
            )
            sync = pusher
            services.append(http)
            services.append(CalendarSyncService(sync: pusher, bus: bus, logger: context.feature.logger))
        } else {
            try await CalendarSync.forgetDeletes(context.feature.database)
        }
        // The master list's first pages are rendered once per change (this host's, or the CLI's): the Kernel drops
        // them on every AssignmentChanged.
        let firstPages = CachedValues<PersonalKey<Int64?>, FirstPages>(limit: 256)
        let rows = CachedValues<PersonalKey<RowsKey>, RowsPart>(limit: 256)
        let details = CachedValues<PersonalKey<Int64>, AssignmentDetail>(limit: 1_000)
        let feed = CachedValues<PersonID, CalendarFeed>(limit: 1_000)
        let events = CachedValues<PersonalKey<Int64>, String>(limit: 1_000)
        let api = AssignmentAPI(repository: repository, logger: context.feature.logger)
        return FeatureRuntime(
            routes: AssignmentRoutes(
                repository: repository,
                viewStates: ViewStateStore(writer: context.feature.database),
                calendarSync: sync,
                firstPagesCache: firstPages,
                rowsCache: rows,
                detailCache: details,
                feedCache: feed,
                eventCache: events,
                pages: context.pages,
                now: now
            ),
            api: api,
            services: services,
            liveEvents: [AssignmentChanged.self],
            changes: AssignmentChanged.self,
            caches: FeatureCaches([firstPages, rows, details, feed, events, api.reads.kept])
        )
    }
}

/// Checks every unfinished task against its plan when the host starts and then every `interval`, raising one notice
/// per slip (``AssignmentRepository/checkSchedule()``), and announces the assignments that moved to the archive
/// meanwhile (``AssignmentRepository/announceMoves(since:)``), until the host shuts down.
struct ScheduleWatchService: Service {
    let repository: AssignmentRepository
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var movedSince = repository.now()
            while !Task.isCancelled {
                do {
                    try await repository.checkSchedule()
                } catch {
                    logger.warning("Could not check the assignments' schedule: \(error)")
                }
                do {
                    movedSince = try await repository.announceMoves(since: movedSince)
                } catch {
                    logger.warning("Could not look for assignments moving to the archive: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
