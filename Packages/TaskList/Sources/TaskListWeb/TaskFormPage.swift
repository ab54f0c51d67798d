import KernelHTML
import KernelWeb
import TaskList

/// The add and edit form, with what was typed and a message beside each field that needs one.
enum TaskFormPage {
    static func render(_ view: TaskFormView) -> HTML {
        let nameError = view.errors?[.name]
        let detailsError = view.errors?[.details]
        let dayError = view.errors?[.day]
        let formError: HTML? = view.formError.map { "<p class=\"form-error\" role=\"alert\">\($0)</p>" }
        let doneField: HTML? =
            view.isNew
            ? nil
            : """
            <label class="toggle-field"><input type="checkbox" name="isDone" id="isDone"\(if: view.isDone, " checked")> Done</label>
            """
        let deleteForm: HTML? = view.id.map { id in
            """
            <form method="post" action="/tasks/\(id)/delete" class="delete-form">
              \(HTML.csrfField(view.csrfToken))
              <button type="submit" class="button danger">Delete Task</button>
            </form>

            """
        }
        // Focus starts on the first field that needs a change, or on the name when none does.
        let firstInvalid =
            nameError != nil ? "name" : detailsError != nil ? "details" : dayError != nil ? "day" : "name"
        return """
            <form method="post" action="\(url: view.action)" class="task-form" novalidate>
              \(HTML.csrfField(view.csrfToken))
              <div class="nav-bar form-bar">
                <a class="bar-button" href="/tasks">Cancel</a>
                <h1 class="bar-title">\(view.heading)</h1>
                <button class="bar-button strong" type="submit">Save</button>
              </div>
              \(formError)
              <div class="card">
                <div class="field\(if: nameError != nil, " invalid")">
                  <label for="name">Name</label>
                  <input id="name" name="name" value="\(view.draft.name)" autocomplete="off"\(if: firstInvalid == "name", " autofocus")\(invalid("name", nameError))>
                  \(fieldError("name", nameError))
                  <span class="hint">Up to \(TaskValidation.maxNameLength) characters.</span>
                </div>
                <div class="field\(if: detailsError != nil, " invalid")">
                  <label for="details">Description</label>
                  <textarea id="details" name="details" rows="4"\(if: firstInvalid == "details", " autofocus")\(invalid("details", detailsError))>
            \(view.draft.details)</textarea>
                  \(fieldError("details", detailsError))
                  <span class="hint">Optional, up to \(TaskValidation.maxDetailsLength) characters.</span>
                </div>
                <div class="field\(if: dayError != nil, " invalid")">
                  <label for="day">Date</label>
                  <input id="day" name="day" type="date" value="\(view.draft.day)" min="0001-01-01" max="9999-12-31"\(if: firstInvalid == "day", " autofocus")\(invalid("day", dayError))>
                  \(fieldError("day", dayError))
                </div>
                \(doneField)
              </div>
            </form>
            \(deleteForm)
            """
    }

    /// The attributes that tie an invalid field to its message.
    static func invalid(_ field: StaticString, _ error: String?) -> HTML? {
        guard error != nil else { return nil }
        let id = HTML(stringLiteral: field)
        return " aria-invalid=\"true\" aria-describedby=\"\(id)-error\""
    }

    /// The message beside an invalid field.
    static func fieldError(_ field: StaticString, _ error: String?) -> HTML? {
        guard let error else { return nil }
        let id = HTML(stringLiteral: field)
        return "<span class=\"field-error\" id=\"\(id)-error\">\(error)</span>"
    }
}
