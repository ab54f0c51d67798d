import Accounts
import KernelHTML
import KernelWeb

/// The pages of Accounts, written with the HTML writer: every value reaches the page escaped.
enum AccountsPages {
    static func login(_ view: LoginView) -> HTML {
        let invalid = view.invalidField
        let next: HTML? = view.next.map { "<input type=\"hidden\" name=\"next\" value=\"\($0)\">" }
        return """
            <section class="accounts-auth">
              <h1 class="page-title">Log in</h1>
              <form method="post" action="/accounts/login" class="card accounts-form" id="login-form" novalidate>
                \(HTML.csrfField(view.csrfToken))\(next)
                \(problem(view.problem, id: "login-problem"))
                <div class="field\(if: invalid == "email", " invalid")">
                  <label for="email">Email</label>
                  <input id="email" name="email" type="email" inputmode="email" autocomplete="email" value="\(view.form.email)" maxlength="\(TextField.maxEmailBytes)"\(marks(invalid == "email", "login-problem"))>
                </div>
                <div class="field\(if: invalid == "password", " invalid")">
                  <label for="password">Password</label>
                  <span class="password-field"><input id="password" name="password" type="password" autocomplete="current-password"\(marks(invalid == "password", "login-problem"))></span>
                </div>
                <button type="submit" class="button wide" id="login-button">Login</button>
              </form>
              <p class="accounts-switch">No account yet? <a href="/accounts/signup">Sign up</a></p>
            </section>
            """
    }

    static func signup(_ view: SignupView) -> HTML {
        let invalid = view.invalidField
        let message = view.problem?.message
        func error(_ field: SignupForm.Field) -> HTML? {
            guard invalid == field, let message else { return nil }
            return "<span class=\"field-error\" id=\"signup-problem\" role=\"alert\">\(message)</span>"
        }
        func mark(_ field: SignupForm.Field) -> HTML? { marks(invalid == field, "signup-problem") }
        let options = HTML(
            joining: Gender.allCases.map { gender in
                "<option value=\"\(gender.rawValue)\"\(if: view.form.gender == gender.rawValue, " selected")>\(gender.label)</option>"
            }
        )
        return """
            <section class="accounts-auth">
              <h1 class="page-title">Sign up</h1>
              <form method="post" action="/accounts/signup" class="card accounts-form" id="signup-form" data-check="/accounts/signup/check" novalidate>
                \(HTML.csrfField(view.csrfToken))
                <p class="hint">Fields marked * are required.</p>
                <div class="field\(if: invalid == .email, " invalid")">
                  <label for="email">Email *</label>
                  <input id="email" name="email" type="email" inputmode="email" autocomplete="email" value="\(view.form.email)" maxlength="\(TextField.maxEmailBytes)"\(mark(.email))>
                  \(error(.email))
                </div>
                <div class="field\(if: invalid == .password, " invalid")">
                  <label for="password">Password *</label>
                  <input id="password" name="password" type="password" autocomplete="new-password"\(marks(invalid == .password, "signup-problem", describedBy: false)) aria-describedby="password-hint\(if: invalid == .password, " signup-problem")">
                  \(error(.password))
                  <span class="hint" id="password-hint">At least 8 characters, one of them a symbol such as ! or #.</span>
                </div>
                <div class="field\(if: invalid == .firstName, " invalid")">
                  <label for="firstName">First name</label>
                  <input id="firstName" name="firstName" autocomplete="given-name" value="\(view.form.firstName)" maxlength="\(TextField.maxNameBytes)"\(mark(.firstName))>
                  \(error(.firstName))
                </div>
                <div class="field\(if: invalid == .lastName, " invalid")">
                  <label for="lastName">Last name</label>
                  <input id="lastName" name="lastName" autocomplete="family-name" value="\(view.form.lastName)" maxlength="\(TextField.maxNameBytes)"\(mark(.lastName))>
                  \(error(.lastName))
                </div>
                <div class="field\(if: invalid == .mobile, " invalid")">
                  <label for="mobile">Mobile number *</label>
                  <input id="mobile" name="mobile" type="tel" inputmode="tel" autocomplete="tel" value="\(view.form.mobile)" maxlength="\(TextField.maxMobileBytes)"\(marks(invalid == .mobile, "signup-problem", describedBy: false)) aria-describedby="mobile-hint\(if: invalid == .mobile, " signup-problem")">
                  \(error(.mobile))
                  <span class="hint" id="mobile-hint">A Malaysian mobile number, such as 012-345 6789.</span>
                </div>
                <div class="field\(if: invalid == .gender, " invalid")">
                  <label for="gender">Gender *</label>
                  <select id="gender" name="gender"\(mark(.gender))>
                    <option value=""\(if: view.form.gender.isEmpty, " selected")>Select…</option>
                    \(options)
                  </select>
                  \(error(.gender))
                </div>
                <button type="submit" class="button wide" id="signup-button">Sign up</button>
              </form>
              <p class="accounts-switch">Have an account? <a href="/accounts/login">Log in</a></p>
            </section>
            """
    }

    static func home(_ view: HomeView) -> HTML {
        let account = view.account
        let dialogProblem: HTML? = view.mobileProblem.map {
            "<span class=\"field-error\" id=\"mobile-problem\" role=\"alert\">\($0)</span>"
        }
        let deleteProblem: HTML? = view.deleteProblem.map {
            "<span class=\"field-error\" id=\"delete-problem\" role=\"alert\">\($0)</span>"
        }
        return """
            <section class="accounts-home" data-live-events="\(AccountSessionsEnded.name.rawValue)">
              <h1 class="page-title">Home</h1>
              <div class="card">
                <dl class="account-details">
                  <div><dt>First name</dt><dd id="first-name">\(account.firstName.isEmpty ? "—" : account.firstName)</dd></div>
                  <div><dt>Last name</dt><dd id="last-name">\(account.lastName.isEmpty ? "—" : account.lastName)</dd></div>
                  <div class="mobile-row"><dt>Mobile number</dt><dd><span id="mobile-number">\(account.mobileNational)</span>
                    <a class="button secondary small" id="edit-mobile" href="/accounts/home?edit=mobile" aria-haspopup="dialog" aria-controls="mobile-dialog"\(if: view.returning && !view.editing, " autofocus")>Edit<span class="visually-hidden"> mobile number</span></a></dd></div>
                </dl>
              </div>
              <div class="accounts-actions">
                <a class="button" id="show-images" href="/accounts/images">Show Images</a>
                <form method="post" action="/accounts/logout">\(HTML.csrfField(view.csrfToken))<button type="submit" class="button secondary" id="logout">Logout</button></form>
              </div>
              <dialog id="mobile-dialog" class="card accounts-dialog" aria-labelledby="mobile-dialog-title"\(if: view.editing, " open")>
                <form method="post" action="/accounts/mobile" novalidate>
                  \(HTML.csrfField(view.csrfToken))
                  <h2 id="mobile-dialog-title">Edit mobile number</h2>
                  <div class="field\(if: view.mobileProblem != nil, " invalid")">
                    <label for="dialog-mobile">Mobile number</label>
                    <input id="dialog-mobile" name="mobile" type="tel" inputmode="tel" autocomplete="tel" value="\(view.dialogNumber)" maxlength="\(TextField.maxMobileBytes)"\(marks(view.mobileProblem != nil, "mobile-problem"))\(if: view.editing, " autofocus")>
                    \(dialogProblem)
                  </div>
                  <div class="dialog-buttons">
                    <a class="button secondary" href="/accounts/home" id="cancel-mobile">Cancel</a>
                    <button type="submit" class="button" id="save-mobile">Save</button>
                  </div>
                </form>
              </dialog>
              <div class="card sign-out-everywhere">
                <p>Signed in on another phone or computer you no longer use? This logs out every one of them, and this one.</p>
                <form method="post" action="/accounts/logout-everywhere">\(HTML.csrfField(view.csrfToken))<button type="submit" class="button secondary" id="logout-everywhere">Log out everywhere</button></form>
              </div>
              <details class="card change-password"\(if: view.passwordProblem != nil, " open")>
                <summary>Change password</summary>
                <form method="post" action="/accounts/password" novalidate>
                  \(HTML.csrfField(view.csrfToken))
                  \(passwordField("current", "Current password", autocomplete: "current-password", view.passwordProblem))
                  \(passwordField("password", "New password", autocomplete: "new-password", view.passwordProblem, hint: "At least 8 characters, one of them a symbol such as ! or #."))
                  <p class="muted">Every other device signed in to this account is logged out.</p>
                  <button type="submit" class="button" id="change-password">Change password</button>
                </form>
              </details>
              <details class="card delete-account"\(if: view.deleteProblem != nil, " open")>
                <summary>Delete my account</summary>
                <form method="post" action="/accounts/delete" novalidate>
                  \(HTML.csrfField(view.csrfToken))
                  <p>This deletes your account and everything stored with it. Type your password to confirm.</p>
                  <div class="field\(if: view.deleteProblem != nil, " invalid")">
                    <label for="delete-password">Password</label>
                    <input id="delete-password" name="password" type="password" autocomplete="current-password"\(marks(view.deleteProblem != nil, "delete-problem"))>
                    \(deleteProblem)
                  </div>
                  <button type="submit" class="button danger" id="delete-account">Delete my account</button>
                </form>
              </details>
            </section>
            """
    }

    static func images(_ listing: ImageListing) -> HTML {
        let problem: HTML? = listing.problem.map {
            """
            <div class="card image-problem" role="alert"><p>\($0)</p>\
            <a class="button" href="/accounts/images" id="retry-images">Retry</a></div>
            """
        }
        let tiles = HTML(
            joining: listing.items.enumerated().map { index, item in
                """
                <li class="image-tile"><figure><span class="image-frame"><img src="\(url: item.url)" alt="\(item.title)" loading="\(index < 4 ? "eager" : "lazy")" decoding="async" width="300" height="300"></span>\
                <figcaption>\(item.title)</figcaption></figure></li>

                """
            }
        )
        return """
            <section class="accounts-images" data-swipe-back="/accounts/home">
              <div class="nav-bar">
                <a class="bar-button" href="/accounts/home" id="images-back" aria-keyshortcuts="Escape Alt+ArrowLeft">‹ Back</a>
                <h1 class="bar-title">Images</h1>
              </div>
              \(problem)
              <ul class="image-grid" id="image-grid">
                \(tiles)
              </ul>
            </section>
            """
    }

    /// The first problem, read out when the page comes back with it.
    private static func problem(_ message: String?, id: StaticString) -> HTML? {
        guard let message else { return nil }
        let id = HTML(stringLiteral: id)
        return "<p class=\"form-error\" id=\"\(id)\" role=\"alert\">\(message)</p>"
    }

    /// A password field of Change password, with its problem beside it when it has one (and the rule, for the new
    /// password, as sign-up words it).
    private static func passwordField(
        _ name: String,
        _ label: String,
        autocomplete: String,
        _ problem: HomeView.PasswordProblem?,
        hint: String? = nil
    ) -> HTML {
        let message = problem?.field == name ? problem?.message : nil
        let problemID = "\(name)-password-problem"
        let hintID = "\(name)-password-hint"
        let described = [hint.map { _ in hintID }, message.map { _ in problemID }].compactMap { $0 }.joined(separator: " ")
        let error: HTML? = message.map { "<span class=\"field-error\" id=\"\(problemID)\" role=\"alert\">\($0)</span>" }
        let hintLine: HTML? = hint.map { "<span class=\"hint\" id=\"\(hintID)\">\($0)</span>" }
        return """
            <div class="field\(if: message != nil, " invalid")">
              <label for="\(name)-password">\(label)</label>
              <input id="\(name)-password" name="\(name)" type="password" autocomplete="\(autocomplete)" maxlength="\(TextField.maxPasswordBytes)"\(if: !described.isEmpty, " aria-describedby=\"\(described)\"")\(if: message != nil, " aria-invalid=\"true\" autofocus")>
              \(hintLine)
              \(error)
            </div>
            """
    }

    /// The attributes of a field the problem is about: marked invalid, described by the message, and focused.
    private static func marks(_ invalid: Bool, _ problemID: StaticString, describedBy: Bool = true) -> HTML? {
        guard invalid else { return nil }
        guard describedBy else { return " aria-invalid=\"true\" autofocus" }
        let id = HTML(stringLiteral: problemID)
        return " aria-invalid=\"true\" aria-describedby=\"\(id)\" autofocus"
    }
}
