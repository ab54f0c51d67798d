import AssignmentTracker
import Foundation
import KernelAPI

/// The assignment and task forms of the JSON API (and a task alone): each checks what was sent with the form's own
/// rules and saves through the repository call the form's page makes.
extension AssignmentAPI {
    func createAssignment(_ input: Operations.CreateAssignment.Input) async throws -> Operations.CreateAssignment.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        switch AssignmentValidation.validate(Self.draft(sent, in: repository.timeZone), in: repository.timeZone) {
        case .failure(let errors):
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused("The assignment was not saved.", errors))))
        case .success(let checked):
            let saved = try await assignments.add(checked)
            return .created(
                .init(
                    headers: .init(location: "/api/v1/assignments/\(saved.id ?? 0)", eTag: EntityTag.header(saved.version)),
                    body: .json(Self.assignment(saved))
                )
            )
        }
    }

    func updateAssignment(_ input: Operations.UpdateAssignment.Input) async throws -> Operations.UpdateAssignment.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let version = try EntityTag.version(ifMatch: input.headers.ifMatch)
        switch AssignmentValidation.validate(Self.draft(sent, in: repository.timeZone), in: repository.timeZone) {
        case .failure(let errors):
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused("The assignment was not saved.", errors))))
        case .success(let checked):
            do {
                let saved = try await assignments.update(id: input.path.id, with: checked, ifVersion: version)
                return .ok(.init(headers: .init(eTag: EntityTag.header(saved.version)), body: .json(Self.assignment(saved))))
            } catch let error as AssignmentError {
                if case .assignmentChanged = error {
                    return .preconditionFailed(.init(body: .applicationProblemJson(Self.problem(error, status: 412))))
                }
                return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
            }
        }
    }

    func deleteAssignment(_ input: Operations.DeleteAssignment.Input) async throws -> Operations.DeleteAssignment.Output {
        do {
            try await assignments.delete(id: input.path.id)
            return .noContent(.init())
        } catch let error as AssignmentError {
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
        }
    }

    func createAssignmentTask(
        _ input: Operations.CreateAssignmentTask.Input
    ) async throws -> Operations.CreateAssignmentTask.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        switch TaskValidation.validate(Self.draft(sent, in: repository.timeZone), in: repository.timeZone) {
        case .failure(let errors):
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused("The task was not saved.", errors))))
        case .success(let checked):
            do {
                let saved = try await assignments.addTask(to: input.path.id, checked)
                return .created(
                    .init(
                        headers: .init(location: "/api/v1/assignment-tasks/\(saved.id ?? 0)", eTag: EntityTag.header(saved.version)),
                        body: .json(Self.task(saved))
                    )
                )
            } catch AssignmentError.tooManyTasks {
                return .conflict(.init(body: .applicationProblemJson(Self.problem(.tooManyTasks, status: 409))))
            } catch let error as AssignmentError {
                return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
            }
        }
    }

    func getAssignmentTask(_ input: Operations.GetAssignmentTask.Input) async throws -> Operations.GetAssignmentTask.Output {
        do {
            let task = try await assignments.task(id: input.path.id)
            return .ok(.init(headers: .init(eTag: EntityTag.header(task.version)), body: .json(Self.task(task))))
        } catch let error as AssignmentError {
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
        }
    }

    func updateAssignmentTask(
        _ input: Operations.UpdateAssignmentTask.Input
    ) async throws -> Operations.UpdateAssignmentTask.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let version = try EntityTag.version(ifMatch: input.headers.ifMatch)
        switch TaskValidation.validate(Self.draft(sent, in: repository.timeZone), in: repository.timeZone) {
        case .failure(let errors):
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused("The task was not saved.", errors))))
        case .success(let checked):
            do {
                let saved = try await assignments.updateTask(id: input.path.id, with: checked, ifVersion: version)
                return .ok(.init(headers: .init(eTag: EntityTag.header(saved.version)), body: .json(Self.task(saved))))
            } catch let error as AssignmentError {
                if case .taskChanged = error {
                    return .preconditionFailed(.init(body: .applicationProblemJson(Self.problem(error, status: 412))))
                }
                return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
            }
        }
    }

    func deleteAssignmentTask(
        _ input: Operations.DeleteAssignmentTask.Input
    ) async throws -> Operations.DeleteAssignmentTask.Output {
        do {
            try await assignments.deleteTask(id: input.path.id)
            return .noContent(.init())
        } catch let error as AssignmentError {
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
        }
    }

    func setAssignmentTaskPercent(
        _ input: Operations.SetAssignmentTaskPercent.Input
    ) async throws -> Operations.SetAssignmentTaskPercent.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let version = try EntityTag.version(ifMatch: input.headers.ifMatch)
        // The detail's percent field: a whole number from 0 to 100.
        guard (0...100).contains(sent.percent) else {
            let refused = Components.Schemas.Problem(
                title: "The percent was not saved.",
                status: 422,
                errors: [.init(field: "percent", message: "Give the percent complete as a whole number from 0 to 100.")]
            )
            return .unprocessableContent(.init(body: .applicationProblemJson(refused)))
        }
        do {
            let saved = try await assignments.setPercent(taskID: input.path.id, sent.percent, ifVersion: version)
            return .ok(.init(headers: .init(eTag: EntityTag.header(saved.version)), body: .json(Self.task(saved))))
        } catch let error as AssignmentError {
            if case .taskChanged = error {
                return .preconditionFailed(.init(body: .applicationProblemJson(Self.problem(error, status: 412))))
            }
            return .notFound(.init(body: .applicationProblemJson(Self.problem(error, status: 404))))
        }
    }
}
