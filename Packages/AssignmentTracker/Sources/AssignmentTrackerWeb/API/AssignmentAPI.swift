import AssignmentTracker
import Foundation
import HTTPTypes
import Hummingbird
import KernelAPI
import KernelWeb
import Logging
import OpenAPIRuntime

/// The assignment tracker's JSON API (`/api/v1/assignments…`, the `assignments` part of the host's OpenAPI document),
/// on the server protocol generated from it (`Generated/`): the split view's list and detail, the mark form, and
/// (in `AssignmentAPI+Writes.swift`) the assignment and task forms, on the repository and rules the pages use.
struct AssignmentAPI: APIProtocol, FeatureRoutes {
    /// The assignments' repository; ``assignments`` is the request's person's.
    let repository: AssignmentRepository

    /// The assignments of the person the request acts as (``APIRequest/person``).
    var assignments: AssignmentRepository { repository.of(APIRequest.person) }
    /// The answers to reads, kept until an assignment changes (the host forgets them on every ``AssignmentChanged``,
    /// which also says when one moved to the archive by the clock).
    let reads = APIReadCache()
    let logger: Logger

    /// How many assignments a page holds: the list page's own.
    static let pageSize = 100

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger, reads: reads) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func listAssignments(_ input: Operations.ListAssignments.Input) async throws -> Operations.ListAssignments.Output {
        let section: AssignmentSection = input.query.section == .archive ? .archive : .current
        var cursor: AssignmentCursor?
        if let after = input.query.after {
            guard let parsed = AssignmentCursor(token: after) else {
                throw APIProblem.notACursor
            }
            cursor = parsed
        }
        let page = try await assignments.page(section, after: cursor, limit: Self.pageSize)
        let counts = try await assignments.counts()
        return .ok(
            .init(
                body: .json(
                    .init(
                        assignments: page.assignments.map(Self.assignment),
                        next: page.next?.token,
                        current: counts[.current] ?? 0,
                        archive: counts[.archive] ?? 0,
                        timeZone: repository.timeZone.identifier
                    )
                )
            )
        )
    }

    func getAssignment(_ input: Operations.GetAssignment.Input) async throws -> Operations.GetAssignment.Output {
        do {
            let (assignment, tasks) = try await assignments.detail(id: input.path.id)
            let detail = Components.Schemas.AssignmentDetail(
                assignment: Self.assignment(assignment),
                tasks: tasks.map(Self.task),
                timeZone: repository.timeZone.identifier
            )
            return .ok(.init(headers: .init(eTag: EntityTag.header(assignment.version)), body: .json(detail)))
        } catch let error as AssignmentError {
            return .notFound(.init(body: .applicationProblemJson(.init(title: error.description, status: 404))))
        }
    }

    func setAssignmentMark(_ input: Operations.SetAssignmentMark.Input) async throws -> Operations.SetAssignmentMark.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let version = try EntityTag.version(ifMatch: input.headers.ifMatch)
        // The detail's mark form, with what was sent typed into it.
        guard case .success(let mark) = AssignmentValidation.mark(body.mark.map(String.init) ?? "") else {
            let message = "Give the mark as a whole number from 0 to 100, or leave it empty to clear it."
            return .unprocessableContent(
                .init(
                    body: .applicationProblemJson(
                        .init(title: "The mark was not saved.", status: 422, errors: [.init(field: "mark", message: message)])
                    )
                )
            )
        }
        do {
            let saved = try await assignments.setMark(id: input.path.id, mark, ifVersion: version)
            return .ok(.init(headers: .init(eTag: EntityTag.header(saved.version)), body: .json(Self.assignment(saved))))
        } catch let error as AssignmentError {
            if case .assignmentChanged = error {
                return .preconditionFailed(.init(body: .applicationProblemJson(Self.problem(error, status: 412))))
            }
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
        }
    }
}
