import AssignmentTracker
import KernelHTML
import KernelWeb

/// The add and edit forms of assignments and tasks, with what was typed kept and a message beside each refused field.
enum AssignmentForms {
    static func assignment(
        _ draft: AssignmentDraft,
        errors: FieldErrors<AssignmentField>?,
        action: String,
        cancel: String,
        heading: String,
        csrfToken: String
    ) -> HTML {
        let first = errors?.fields.first?.rawValue ?? "module"
        func error(_ field: AssignmentField) -> String? { errors?[field] }
        let levels = HTML(
            joining: AssignmentValidation.levels.map { level in
                "<option value=\"\(level)\"\(if: draft.level == String(level), " selected")>Level \(level)</option>"
            }
        )
        return """
            <form method="post" action="\(url: action)" class="assignment-form" novalidate\(if: action == "/assignments", " data-draft=\"new-assignment\"")>
              \(HTML.csrfField(csrfToken))
              <div class="nav-bar form-bar">
                <a class="bar-button" href="\(url: cancel)">Cancel</a>
                <h1 class="bar-title">\(heading)</h1>
                <button class="bar-button strong" type="submit">Save</button>
              </div>
              \(summary(errors?.fields.count ?? 0))
              <div class="card">
                \(textField("module", "Module", draft.module, error(.module), first: first, hint: "Such as Mobile Development."))
                <div class="field\(if: error(.level) != nil, " invalid")">
                  <label for="level">Level</label>
                  <select id="level" name="level"\(autofocus("level", first))\(invalid("level", error(.level)))>
                    <option value=""\(if: draft.level.isEmpty, " selected")>Choose…</option>
                    \(levels)
                  </select>
                  \(fieldError("level", error(.level)))
                </div>
                \(textField("name", "Assignment", draft.name, error(.name), first: first, hint: nil))
                \(textField("value", "Value (% of the module)", draft.value, error(.value), first: first, hint: "A whole number from 0 to 100.", inputmode: "numeric"))
                \(textField("mark", "Mark awarded (%)", draft.mark, error(.mark), first: first, hint: "Leave empty until it is marked.", inputmode: "numeric"))
                \(textField("due", "Due", draft.due, error(.due), first: first, hint: nil, type: "datetime-local"))
                <div class="field\(if: error(.notes) != nil, " invalid")">
                  <label for="notes">Notes</label>
                  <textarea id="notes" name="notes" rows="4"\(autofocus("notes", first))\(invalid("notes", error(.notes)))>
            \(draft.notes)</textarea>
                  \(fieldError("notes", error(.notes)))
                </div>
                \(reminder(kind: draft.reminder, amount: draft.reminderAmount, unit: draft.reminderUnit, at: draft.reminderAt, error: error(.reminder), first: first, dueWord: "due date"))
              </div>
            </form>
            """
    }

    static func task(
        _ draft: TaskDraft,
        errors: FieldErrors<TaskField>?,
        action: String,
        cancel: String,
        heading: String,
        assignmentName: String,
        deleteAction: String? = nil,
        csrfToken: String
    ) -> HTML {
        let first = errors?.fields.first?.rawValue ?? "name"
        let delete: HTML? = deleteAction.map { action in
            """

            <form method="post" action="\(url: action)" class="delete-form">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="button danger">Delete Task</button></form>
            """
        }
        func error(_ field: TaskField) -> String? { errors?[field] }
        let kind = draft.lengthKind
        func option(_ value: StaticString, _ label: StaticString) -> HTML {
            let value = HTML(stringLiteral: value)
            return "<option value=\"\(value)\"\(if: kind == value.description, " selected")>\(HTML(stringLiteral: label))</option>"
        }
        let lengthError = error(.length)
        // A refused length marks the field that holds the wrong value: the end, the amount, or the choice itself.
        let lengthTarget = kind == "end" ? "end" : kind == "hours" || kind == "days" ? "amount" : "lengthKind"
        func lengthMark(_ field: String) -> HTML? {
            field == lengthTarget ? "\(autofocus("length", first))\(invalid("length", lengthError))" : nil
        }
        return """
            <form method="post" action="\(url: action)" class="task-form" novalidate>
              \(HTML.csrfField(csrfToken))
              <div class="nav-bar form-bar">
                <a class="bar-button" href="\(url: cancel)">Cancel</a>
                <h1 class="bar-title">\(heading)</h1>
                <button class="bar-button strong" type="submit">Save</button>
              </div>
              <p class="muted">For \(assignmentName)</p>
              \(summary(errors?.fields.count ?? 0))
              <div class="card">
                \(textField("name", "Task", draft.name, error(.name), first: first, hint: nil))
                \(textField("start", "Start", draft.start, error(.start), first: first, hint: nil, type: "datetime-local"))
                <fieldset class="field length-field\(if: lengthError != nil, " invalid")">
                  <legend>Estimated length</legend>
                  <label for="lengthKind">Given as</label>
                  <select id="lengthKind" name="lengthKind"\(lengthMark("lengthKind"))>
                    \(option("none", "Not given (counts as one day)"))\(option("end", "An end date"))\(option("hours", "Hours"))\(option("days", "Days"))
                  </select>
                  <div class="field-part" data-when-length="end">
                    <label for="end">End date (for an end date)</label>
                    <input id="end" name="end" type="datetime-local" value="\(draft.end)"\(lengthMark("end"))>
                  </div>
                  <div class="field-part" data-when-length="hours days">
                    <label for="amount">Hours or days (for hours or days)</label>
                    <input id="amount" name="amount" inputmode="decimal" value="\(draft.amount)" autocomplete="off"\(lengthMark("amount"))>
                  </div>
                  \(fieldError("length", lengthError))
                </fieldset>
                \(textField("due", "Due (optional)", draft.due, error(.due), first: first, hint: nil, type: "datetime-local"))
                \(textField("percent", "Percent complete", draft.percent, error(.percent), first: first, hint: "0 to 100.", inputmode: "numeric"))
                <div class="field\(if: error(.notes) != nil, " invalid")">
                  <label for="notes">Notes</label>
                  <textarea id="notes" name="notes" rows="3"\(autofocus("notes", first))\(invalid("notes", error(.notes)))>
            \(draft.notes)</textarea>
                  \(fieldError("notes", error(.notes)))
                </div>
                \(reminder(kind: draft.reminder, amount: draft.reminderAmount, unit: draft.reminderUnit, at: draft.reminderAt, error: error(.reminder), first: first, dueWord: "task’s due date"))
              </div>
            </form>\(delete)
            """
    }

    /// The reminder's fields: off, a lead time before the due date, or a set time.
    static func reminder(
        kind: String,
        amount: String,
        unit: String,
        at: String,
        error: String?,
        first: String,
        dueWord: StaticString
    ) -> HTML {
        func kindOption(_ value: StaticString, _ label: HTML) -> HTML {
            let value = HTML(stringLiteral: value)
            return "<option value=\"\(value)\"\(if: kind == value.description, " selected")>\(label)</option>"
        }
        func unitOption(_ value: StaticString) -> HTML {
            let value = HTML(stringLiteral: value)
            return "<option value=\"\(value)\"\(if: unit == value.description, " selected")>\(value)</option>"
        }
        let target = kind == "before" ? "reminderAmount" : kind == "at" ? "reminderAt" : "reminder"
        func mark(_ field: String) -> HTML? {
            field == target ? "\(autofocus("reminder", first))\(invalid("reminder", error))" : nil
        }
        return """
            <fieldset class="field reminder-field\(if: error != nil, " invalid")">
              <legend>Reminder</legend>
              <label for="reminder">Remind me</label>
              <select id="reminder" name="reminder"\(mark("reminder"))>
                \(kindOption("off", "Never"))\(kindOption("before", "Before the \(HTML(stringLiteral: dueWord))"))\(kindOption("at", "At a set time"))
              </select>
              <div class="field-part" data-when-reminder="before">
                <label for="reminderAmount">How long before</label>
                <span class="inline-field"><input id="reminderAmount" name="reminderAmount" inputmode="numeric" value="\(amount)" autocomplete="off"\(mark("reminderAmount"))>
                <select id="reminderUnit" name="reminderUnit" aria-label="Unit">\(unitOption("minutes"))\(unitOption("hours"))\(unitOption("days"))</select></span>
              </div>
              <div class="field-part" data-when-reminder="at">
                <label for="reminderAt">Set time</label>
                <input id="reminderAt" name="reminderAt" type="datetime-local" value="\(at)"\(mark("reminderAt"))>
              </div>
              \(fieldError("reminder", error))
            </fieldset>
            \(DevicePush.offer)
            """
    }

    static func textField(
        _ name: StaticString,
        _ label: StaticString,
        _ value: String,
        _ error: String?,
        first: String,
        hint: StaticString?,
        type: StaticString = "text",
        inputmode: StaticString? = nil
    ) -> HTML {
        let id = HTML(stringLiteral: name)
        let hintHTML: HTML? = hint.map { "<span class=\"hint\">\(HTML(stringLiteral: $0))</span>" }
        let mode: HTML? = inputmode.map { " inputmode=\"\(HTML(stringLiteral: $0))\"" }
        return """
            <div class="field\(if: error != nil, " invalid")">
              <label for="\(id)">\(HTML(stringLiteral: label))</label>
              <input id="\(id)" name="\(id)" type="\(HTML(stringLiteral: type))" value="\(value)" autocomplete="off"\(mode)\(autofocus(id.description, first))\(invalid(id.description, error))>
              \(fieldError(id.description, error))
              \(hintHTML)
            </div>
            """
    }

    /// A line above the form saying how many fields need a change, read out when the form comes back.
    static func summary(_ count: Int) -> HTML? {
        guard count > 0 else { return nil }
        return "<p class=\"form-error\" role=\"alert\">\(count == 1 ? "One field needs" : "\(count) fields need") a change.</p>"
    }

    static func autofocus(_ field: String, _ first: String) -> HTML? {
        field == first ? " autofocus" : nil
    }

    static func invalid(_ field: String, _ error: String?) -> HTML? {
        guard error != nil else { return nil }
        return " aria-invalid=\"true\" aria-describedby=\"\(field)-error\""
    }

    static func fieldError(_ field: String, _ error: String?) -> HTML? {
        guard let error else { return nil }
        return "<span class=\"field-error\" id=\"\(field)-error\">\(error)</span>"
    }

    /// The confirmation before an assignment is deleted with its tasks.
    static func confirmDelete(_ assignment: Assignment, csrfToken: String) -> HTML {
        let id = assignment.id ?? 0
        let tasks: HTML =
            assignment.taskCount == 0
            ? "It has no tasks."
            : "Its \(assignment.taskCount) \(assignment.taskCount == 1 ? "task goes" : "tasks go") with it."
        return """
            <div class="card confirm">
              <h1 class="page-title">Delete “\(assignment.name)”?</h1>
              <p>\(tasks) This can’t be undone, and it leaves your calendar too.</p>
              <form method="post" action="/assignments/\(id)/delete" class="confirm-actions">\(HTML.csrfField(csrfToken))
                <a class="button secondary" href="/assignments/\(id)" autofocus>Keep It</a>
                <button type="submit" class="button danger">Delete Assignment</button>
              </form>
            </div>
            """
    }
}
