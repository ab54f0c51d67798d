import AssignmentTracker
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// Adding, editing, moving along and deleting an assignment's tasks.
extension AssignmentRoutes {
    @Sendable func newTaskForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.assignmentID()) }
        let start = LocalDateTime.format(now(), in: timeZone)
        return await taskFormPage(
            TaskDraft(start: start),
            errors: nil,
            assignment: assignment,
            taskID: nil,
            request: request,
            context: context
        )
    }

    @Sendable func editTaskForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let task = try await found { try await repository.task(id: try context.taskID()) }
        let assignment = try await found { try await repository.assignment(id: task.assignmentID) }
        return await taskFormPage(
            TaskDraft(task, in: timeZone),
            errors: nil,
            assignment: assignment,
            taskID: task.id,
            request: request,
            context: context
        )
    }

    @Sendable func createTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.assignmentID()) }
        let id = assignment.id ?? 0
        let draft = try await request.decodeForm(as: TaskFormFields.self, context: context).draft
        switch TaskValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            return await taskFormPage(
                draft,
                errors: errors,
                assignment: assignment,
                taskID: nil,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let input):
            do {
                let task = try await repository.addTask(to: id, input)
                return pages.redirect(
                    to: "/assignments/\(id)#task-\(task.id ?? 0)",
                    flash: Flash(.success, "Added the task “\(task.name)”.")
                )
            } catch AssignmentError.tooManyTasks {
                return pages.redirect(to: "/assignments/\(id)", flash: Flash(.error, AssignmentError.tooManyTasks.description))
            }
        }
    }

    @Sendable func saveTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let task = try await found { try await repository.task(id: try context.taskID()) }
        let draft = try await request.decodeForm(as: TaskFormFields.self, context: context).draft
        switch TaskValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            let assignment = try await found { try await repository.assignment(id: task.assignmentID) }
            return await taskFormPage(
                draft,
                errors: errors,
                assignment: assignment,
                taskID: task.id,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        case .success(let input):
            let saved = try await found { try await repository.updateTask(id: task.id ?? 0, with: input) }
            return pages.redirect(
                to: "/assignments/\(saved.assignmentID)#task-\(saved.id ?? 0)",
                flash: Flash(.success, "Saved the task “\(saved.name)”.")
            )
        }
    }

    @Sendable func setPercent(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.taskID()
        let form = try await request.decodeForm(as: PercentForm.self, context: context, limit: 4_096)
        let task = try await found { try await repository.task(id: id) }
        guard let text = form.percent, let percent = Int(text.trimmingCharacters(in: .whitespaces)), (0...100).contains(percent)
        else {
            let refused = RefusedInput(
                field: .percent(id),
                text: form.percent ?? "",
                message: "Give the percent complete as a whole number from 0 to 100."
            )
            return try await refusedPage(task.assignmentID, refused, request: request, context: context)
        }
        let saved = try await found { try await repository.setPercent(taskID: id, percent) }
        return pages.redirect(
            to: "/assignments/\(saved.assignmentID)#task-\(id)",
            flash: Flash(.success, "“\(saved.name)” is \(saved.percent)% done."),
            for: request
        )
    }

    @Sendable func done(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.taskID()
        let saved = try await found { try await repository.setPercent(taskID: id, 100) }
        return pages.redirect(
            to: "/assignments/\(saved.assignmentID)#task-\(id)",
            flash: Flash(.success, "“\(saved.name)” is done."),
            for: request
        )
    }

    @Sendable func deleteTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.taskID()
        let task = try await found { try await repository.deleteTask(id: id) }
        deletedTasks.remember(task, id: id, of: context.person)
        // Back at the task list, so focus lands there rather than at the top of the page.
        return pages.redirect(
            to: "/assignments/\(task.assignmentID)#tasks-\(task.assignmentID)",
            flash: Flash(
                .info,
                "Deleted the task “\(task.name)”.",
                actionLabel: "Undo",
                actionPath: "/assignments/tasks/\(id)/restore"
            ),
            for: request
        )
    }

    @Sendable func restoreTask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.taskID()
        guard let task = deletedTasks.take(id, of: context.person) else {
            return pages.redirect(to: "/assignments", flash: Flash(.error, "That delete can no longer be undone."), for: request)
        }
        do {
            let restored = try await repository.restoreTask(task)
            return pages.redirect(
                to: "/assignments/\(restored.assignmentID)#task-\(restored.id ?? id)",
                flash: Flash(.success, "Restored the task “\(restored.name)”."),
                for: request
            )
        } catch let error as AssignmentError {
            return pages.redirect(to: "/assignments", flash: Flash(.error, error.description), for: request)
        }
    }

    func taskFormPage(
        _ draft: TaskDraft,
        errors: FieldErrors<TaskField>?,
        assignment: Assignment,
        taskID: Int64?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let assignmentID = assignment.id ?? 0
        let heading = taskID == nil ? "New Task" : "Edit Task"
        let body = AssignmentForms.task(
            draft,
            errors: errors,
            action: taskID.map { "/assignments/tasks/\($0)" } ?? "/assignments/\(assignmentID)/tasks",
            cancel: "/assignments/\(assignmentID)",
            heading: heading,
            assignmentName: assignment.name,
            deleteAction: taskID.map { "/assignments/tasks/\($0)/delete" },
            csrfToken: context.csrfToken
        )
        return await pages.page(heading, body: body, request: request, context: context, status: status)
    }
}
