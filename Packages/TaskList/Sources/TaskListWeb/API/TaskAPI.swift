import Foundation
import HTTPTypes
import Hummingbird
import KernelAPI
import KernelStorage
import KernelWeb
import Logging
import OpenAPIRuntime
import TaskList

/// The task list's JSON API (`/api/v1/tasks…`, the `tasks` part of the host's OpenAPI document): the operations of
/// the server protocol generated from the document (`Generated/`), each calling the repository and the validation
/// the pages call, so the API keeps the pages' rules, order and messages. Each operation acts on the tasks of the
/// request's person (``APIRequest/person``).
struct TaskAPI: APIProtocol, FeatureRoutes {
    /// The tasks' repository; ``tasks`` is the request's person's.
    let repository: TaskRepository
    /// The answers to reads, kept until any task changes (the host forgets them on every ``TaskChanged``).
    let reads = APIReadCache()
    let logger: Logger

    /// The tasks of the person the request acts as.
    private var tasks: TaskRepository { repository.of(APIRequest.person) }

    /// The most tasks one page holds.
    static let maxLimit = 200

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger, reads: reads) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func listTasks(_ input: Operations.ListTasks.Input) async throws -> Operations.ListTasks.Output {
        let limit = input.query.limit ?? 50
        guard (1...Self.maxLimit).contains(limit) else {
            throw APIProblem(.badRequest, title: "Ask for 1 to \(Self.maxLimit) tasks a page.")
        }
        var cursor: TaskCursor?
        if let after = input.query.after {
            guard let parsed = TaskCursor(after) else {
                throw APIProblem.notACursor
            }
            cursor = parsed
        }
        let page = try await tasks.page(after: cursor, limit: limit)
        let counts = try await tasks.counts()
        return .ok(
            .init(
                body: .json(
                    .init(tasks: page.items.map(Self.task), next: page.next?.description, open: counts.open, done: counts.done)
                )
            )
        )
    }

    func createTask(_ input: Operations.CreateTask.Input) async throws -> Operations.CreateTask.Output {
        guard case .json(let draft) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        switch TaskValidation.validate(TaskDraft(name: draft.name, details: draft.details ?? "", day: draft.day)) {
        case .failure(let refused):
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.problem(refused))))
        case .success(let checked):
            let item = try await tasks.add(checked)
            return .created(
                .init(
                    headers: .init(location: "/api/v1/tasks/\(item.id ?? 0)", eTag: EntityTag.header(item.version)),
                    body: .json(Self.task(item))
                )
            )
        }
    }

    func getTask(_ input: Operations.GetTask.Input) async throws -> Operations.GetTask.Output {
        do {
            let item = try await tasks.find(id: input.path.id)
            return .ok(.init(headers: .init(eTag: EntityTag.header(item.version)), body: .json(Self.task(item))))
        } catch let error as TaskListError {
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error))))
        }
    }

    func updateTask(_ input: Operations.UpdateTask.Input) async throws -> Operations.UpdateTask.Output {
        guard case .json(let draft) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let version = try EntityTag.version(ifMatch: input.headers.ifMatch)
        switch TaskValidation.validate(TaskDraft(name: draft.name, details: draft.details ?? "", day: draft.day)) {
        case .failure(let refused):
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.problem(refused))))
        case .success(let checked):
            do {
                let item = try await tasks.update(id: input.path.id, with: checked, isDone: draft.done, ifVersion: version)
                return .ok(.init(headers: .init(eTag: EntityTag.header(item.version)), body: .json(Self.task(item))))
            } catch let error as TaskListError {
                if case .changed = error {
                    return .preconditionFailed(.init(body: .applicationProblemJson(Self.problem(error))))
                }
                return .notFound(.init(body: .applicationProblemJson(Self.problem(error))))
            }
        }
    }

    func deleteTask(_ input: Operations.DeleteTask.Input) async throws -> Operations.DeleteTask.Output {
        do {
            try await tasks.delete(id: input.path.id)
            return .noContent(.init())
        } catch let error as TaskListError {
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error))))
        }
    }

    func toggleTask(_ input: Operations.ToggleTask.Input) async throws -> Operations.ToggleTask.Output {
        do {
            let item = try await tasks.toggle(id: input.path.id)
            return .ok(.init(headers: .init(eTag: EntityTag.header(item.version)), body: .json(Self.task(item))))
        } catch let error as TaskListError {
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error))))
        }
    }

    static func task(_ item: TaskItem) -> Components.Schemas.Task {
        .init(
            id: item.id ?? 0,
            name: item.name,
            details: item.details,
            day: item.day.isoString,
            done: item.isDone,
            createdAt: item.createdAt,
            updatedAt: item.updatedAt
        )
    }

    /// The refused fields, each with the sentence the form shows beside it.
    static func problem(_ refused: TaskValidationErrors) -> Components.Schemas.Problem {
        .init(
            title: "The task was not saved: \(refused.fields.count == 1 ? "a field needs" : "some fields need") changing.",
            status: 422,
            errors: refused.fields.map { .init(field: $0.rawValue, message: refused.messages[$0] ?? "") }
        )
    }

    static func problem(_ error: TaskListError) -> Components.Schemas.Problem {
        switch error {
        case .notFound: .init(title: error.description, status: 404)
        case .changed: .init(title: error.description, status: 412)
        }
    }
}
