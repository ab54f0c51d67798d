import AssignmentTracker
import Foundation
import Hummingbird
import Kernel
import KernelHTML
import KernelStorage
import KernelWeb

/// Adding, editing, marking and deleting assignments, and the calendar feed.
extension AssignmentRoutes {
    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        await formPage(AssignmentDraft(), errors: nil, id: nil, request: request, context: context)
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.assignmentID()) }
        return await formPage(AssignmentDraft(assignment, in: timeZone), errors: nil, id: assignment.id, request: request, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let draft = try await request.decodeForm(as: AssignmentFormFields.self, context: context).draft
        switch AssignmentValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            return await formPage(draft, errors: errors, id: nil, request: request, context: context, status: .unprocessableContent)
        case .success(let input):
            let assignment = try await repository.add(input)
            return pages.redirect(to: "/assignments/\(assignment.id ?? 0)", flash: Flash(.success, "Added “\(assignment.name)”."))
        }
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.assignmentID()
        let draft = try await request.decodeForm(as: AssignmentFormFields.self, context: context).draft
        switch AssignmentValidation.validate(draft, in: timeZone) {
        case .failure(let errors):
            return await formPage(draft, errors: errors, id: id, request: request, context: context, status: .unprocessableContent)
        case .success(let input):
            let assignment = try await found { try await repository.update(id: id, with: input) }
            return pages.redirect(to: "/assignments/\(id)", flash: Flash(.success, "Saved “\(assignment.name)”."))
        }
    }

    @Sendable func mark(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.assignmentID()
        let form = try await request.decodeForm(as: MarkForm.self, context: context, limit: 4_096)
        let text = (form.mark ?? "").trimmingCharacters(in: .whitespaces)
        guard case .success(let mark) = AssignmentValidation.mark(text) else {
            _ = try await found { try await detail(id) }
            let refused = RefusedInput(
                field: .mark,
                text: form.mark ?? "",
                message: "Give the mark as a whole number from 0 to 100, or leave it empty to clear it."
            )
            return try await refusedPage(id, refused, request: request, context: context)
        }
        let assignment = try await found { try await repository.setMark(id: id, mark) }
        let message = mark.map { "Mark for “\(assignment.name)” set to \($0)%." } ?? "Mark for “\(assignment.name)” cleared."
        return pages.redirect(to: "/assignments/\(id)#mark-form", flash: Flash(.success, message))
    }

    @Sendable func confirmDelete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let assignment = try await found { try await repository.assignment(id: try context.assignmentID()) }
        return await pages.page(
            "Delete \(assignment.name)",
            body: AssignmentForms.confirmDelete(assignment, csrfToken: context.csrfToken),
            request: request,
            context: context
        )
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.assignmentID()
        do {
            let assignment = try await repository.delete(id: id)
            return pages.redirect(to: "/assignments?list=1", flash: Flash(.info, "Deleted “\(assignment.name)” and its tasks."))
        } catch let error as AssignmentError {
            return pages.redirect(to: "/assignments", flash: Flash(.error, error.description))
        }
    }

    func formPage(
        _ draft: AssignmentDraft,
        errors: FieldErrors<AssignmentField>?,
        id: Int64?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let heading = id == nil ? "New Assignment" : "Edit Assignment"
        let body = AssignmentForms.assignment(
            draft,
            errors: errors,
            action: id.map { "/assignments/\($0)" } ?? "/assignments",
            cancel: id.map { "/assignments/\($0)" } ?? "/assignments",
            heading: heading,
            csrfToken: context.csrfToken
        )
        return await pages.page(heading, body: body, request: request, context: context, status: status)
    }

    // MARK: - Calendar

    /// The feed, written once per change, with an ETag: a calendar app polling it gets 304 until something changed.
    @Sendable func feed(_ request: Request, context: AppRequestContext) async throws -> Response {
        let feed = try await feedCache.value(for: repository.owner) {
            CalendarFeed(AssignmentCalendar.calendar(try await repository.all(), timeZone: timeZone))
        }
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == feed.etag
            })
        {
            return Response(status: .notModified, headers: [.eTag: feed.etag, .cacheControl: "no-cache"])
        }
        var response = Self.calendar(feed.text, filename: nil)
        response.headers[.eTag] = feed.etag
        return response
    }

    @Sendable func event(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.assignmentID()
        let text = try await found {
            try await eventCache.value(for: PersonalKey(owner: repository.owner, key: id)) {
                AssignmentCalendar.single(try await detail(id).0, timeZone: timeZone)
            }
        }
        return Self.calendar(text, filename: "assignment-\(id).ics")
    }

    static func calendar(_ text: String, filename: String?) -> Response {
        var headers: HTTPFields = [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache"]
        if let filename { headers[.contentDisposition] = "attachment; filename=\"\(filename)\"" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
