import KernelHTML
import KernelWeb
import Signup

/// What a save produced: the JSON shown, and what became of sending it.
struct SignupResult {
    var json: String
    var sent: SendMessage?

    enum SendMessage {
        case success(String)
        case failure(String)
    }
}

/// What the page shows.
struct SignupPageView {
    var draft: SignupDraft
    var problems: [SignupDraft.Field: String]
    var result: SignupResult?
    var csrfToken: String
}

/// The sign-up page: four fields with a message beside each that needs one, and the JSON once saved.
enum SignupPage {
    static func render(_ view: SignupPageView) -> HTML {
        let first = view.problems.keys.sorted { $0.order < $1.order }.first
        func error(_ field: SignupDraft.Field) -> HTML? {
            guard let message = view.problems[field] else { return nil }
            return "<span class=\"field-error\" id=\"\(field.errorID)\">\(message)</span>"
        }
        func marks(_ field: SignupDraft.Field, hint: String? = nil) -> HTML {
            let isInvalid = view.problems[field] != nil
            let described = [isInvalid ? field.errorID : nil, hint].compactMap { $0 }.joined(separator: " ")
            return """
                \(if: isInvalid, " aria-invalid=\"true\"")\(if: !described.isEmpty, " aria-describedby=\"\(described)\"")\(if: first == field, " autofocus")
                """
        }
        func invalid(_ field: SignupDraft.Field) -> Bool { view.problems[field] != nil }
        let result: HTML? = view.result.map { result in
            let sent: HTML? =
                switch result.sent {
                case .success(let message)?: "<p class=\"flash flash-success\" role=\"status\">\(message)</p>"
                case .failure(let message)?: "<p class=\"flash flash-error\" role=\"alert\">\(message)</p>"
                case nil: "<p class=\"hint\">No sign-up server is set up for this host, so nothing was sent.</p>"
                }
            return """
                <section class="card signup-result" aria-labelledby="signup-json-title">
                  <h2 id="signup-json-title">Ready to send</h2>
                  \(sent)
                  <pre id="signup-json" tabindex="0">\(result.json)</pre>
                </section>
                """
        }
        return """
            <section class="signup">
              <h1 class="page-title">Sign-up Form</h1>
              \(result)
              <form method="post" action="/signup" class="card signup-form" id="signup-form" novalidate>
                \(HTML.csrfField(view.csrfToken))
                <div class="field\(if: invalid(.firstName), " invalid")">
                  <label for="firstName">First name</label>
                  <input id="firstName" name="firstName" autocomplete="given-name" enterkeyhint="next" value="\(view.draft.firstName)" maxlength="\(SignupDraft.maxNameBytes)"\(marks(.firstName))>
                  \(error(.firstName))
                </div>
                <div class="field\(if: invalid(.lastName), " invalid")">
                  <label for="lastName">Last name</label>
                  <input id="lastName" name="lastName" autocomplete="family-name" enterkeyhint="next" value="\(view.draft.lastName)" maxlength="\(SignupDraft.maxNameBytes)"\(marks(.lastName))>
                  \(error(.lastName))
                </div>
                <div class="field\(if: invalid(.dateOfBirth), " invalid")">
                  <label for="dateOfBirth">Date of birth</label>
                  <input id="dateOfBirth" name="dateOfBirth" inputmode="numeric" autocomplete="bday" enterkeyhint="next" placeholder="DD/MM/YYYY" maxlength="24" data-max-age="\(DateOfBirth.maximumAge)" value="\(view.draft.dateOfBirth)"\(marks(.dateOfBirth, hint: "dob-hint"))>
                  \(error(.dateOfBirth))
                  <span class="hint" id="dob-hint">DD/MM/YYYY. The slashes appear as you type.</span>
                </div>
                <div class="field\(if: invalid(.password), " invalid")">
                  <label for="password">Password</label>
                  <span class="password-field">
                    <input id="password" name="password" type="password" autocomplete="new-password" enterkeyhint="done" data-min-length="\(SignupDraft.passwordLength.lowerBound)" data-max-length="\(SignupDraft.passwordLength.upperBound)" data-max-bytes="\(SignupDraft.maxPasswordBytes)"\(marks(.password, hint: "password-hint"))>
                    <button type="button" class="button secondary password-toggle" id="password-toggle" aria-controls="password" aria-pressed="false" hidden>Show</button>
                  </span>
                  \(error(.password))
                  <span class="hint" id="password-hint">5 to 80 characters.</span>
                </div>
                <button type="submit" class="button wide" id="save">Save</button>
              </form>
            </section>
            """
    }
}

extension SignupDraft.Field {
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    var errorID: String {
        switch self {
        case .firstName: "firstName-error"
        case .lastName: "lastName-error"
        case .dateOfBirth: "dateOfBirth-error"
        case .password: "password-error"
        }
    }
}
