import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Kernel
import KernelHTML
import KernelWeb

/// The pages of Accounts, mounted at `/accounts`:
///
/// | route | what it does |
/// |---|---|
/// | `GET /accounts` | Home when signed in, else Login |
/// | `GET, POST /accounts/login` | the login form (`?next=` the page to return to) |
/// | `GET, POST /accounts/signup` | the sign-up form |
/// | `GET /accounts/home` | names, number, Show Images, Logout, Log out everywhere, Change password, Delete my account (`?edit=mobile` opens the dialog) |
/// | `POST /accounts/mobile` | change the number |
/// | `POST /accounts/logout` | end the session |
/// | `POST /accounts/logout-everywhere` | end every session of the account |
/// | `POST /accounts/password` | change the password (the current one confirmed); every other session ends |
/// | `POST /accounts/delete` | delete the account (password confirmed) |
/// | `GET /accounts/images` | the image grid |
/// | `GET /accounts/images/builtin/:n.svg` | a built-in image |
struct AccountsRoutes: FeatureRoutes {
    let store: AccountStore
    let throttle: LoginThrottle
    let images: ImageSource
    let pages: PageRenderer
    /// The signed-in account of a session cookie.
    let sessions: AccountSessions

    /// The session cookie: HttpOnly, SameSite=Lax, sent to the feature's pages only.
    static let cookieName = "atelier_account"

    func add(to routes: RouterGroup<AppRequestContext>) {
        // Every page here is a signed-in person's (or the way in): never kept for reading offline.
        routes.add(middleware: PrivatePages())
        // The app's first screen is Login itself (Home for someone signed in): a redirect there cost every tap on the
        // app a second round trip.
        routes.get(use: loginPage)
        routes.get("login", use: loginPage)
        routes.post("login", use: login)
        routes.get("signup", use: signupPage)
        routes.post("signup", use: signup)
        routes.post("signup/check", use: checkSignup)
        routes.get("home", use: home)
        routes.post("mobile", use: changeMobile)
        routes.post("logout", use: logout)
        routes.post("logout-everywhere", use: logoutEverywhere)
        routes.post("password", use: changePassword)
        routes.post("delete", use: deleteAccount)
        routes.get("images", use: imageGrid)
        routes.get("images/builtin/:file", use: builtinImage)
    }

    // MARK: Login and sign-up

    @Sendable func loginPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let next = Self.safeNext(request.uri.queryParameters.get("next"))
        if try await account(context) != nil, let token = context.cookie(Self.cookieName) {
            // Signed in already: on to where they were going, the session's cookie set again for the whole host (a
            // browser may still hold it from before under /accounts only, which the other apps never see).
            var response = Response(status: .seeOther, headers: [.location: next ?? "/accounts/home"])
            Self.setSession(token, on: &response)
            return response
        }
        let view = LoginView(form: LoginForm(), problem: nil, next: next, csrfToken: context.csrfToken)
        return await pages.page("Log in", body: AccountsPages.login(view), request: request, context: context)
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await request.decodeForm(as: LoginFields.self, context: context)
        let form = LoginForm(email: fields.email ?? "", password: fields.password ?? "")
        let next = Self.safeNext(fields.next)
        func refused(_ problem: String, _ status: HTTPResponse.Status = .unprocessableContent) async -> Response {
            let view = LoginView(form: form, problem: problem, next: next, csrfToken: context.csrfToken)
            return await pages.page("Log in", body: AccountsPages.login(view), request: request, context: context, status: status)
        }
        if let problem = form.problem { return await refused(problem) }
        let stamp = Date()
        if let wait = throttle.attempt(email: form.email, address: context.clientAddress, now: stamp) {
            return await refused(AccountMessage.tryAgain(in: wait), .tooManyRequests)
        }
        guard let account = try await store.authenticate(email: form.email, password: form.password, from: context.clientAddress) else {
            return await refused(AccountMessage.wrongCredentials)
        }
        throttle.succeeded(email: form.email, address: context.clientAddress, at: stamp)
        return try await signIn(account, context: context, to: next ?? "/accounts/home")
    }

    @Sendable func signupPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = SignupView(form: SignupForm(), problem: nil, csrfToken: context.csrfToken)
        return await pages.page("Sign up", body: AccountsPages.signup(view), request: request, context: context)
    }

    @Sendable func signup(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await request.decodeForm(as: SignupFields.self, context: context)
        let form = SignupForm(
            email: fields.email ?? "",
            password: fields.password ?? "",
            firstName: fields.firstName ?? "",
            lastName: fields.lastName ?? "",
            mobile: fields.mobile ?? "",
            gender: fields.gender ?? ""
        )
        do {
            let account = try await store.signUp(form, from: context.clientAddress)
            return try await signIn(account, context: context, to: "/accounts/home")
        } catch let problem as SignupForm.Problem {
            let view = SignupView(form: form, problem: problem, csrfToken: context.csrfToken)
            return await pages.page(
                "Sign up",
                body: AccountsPages.signup(view),
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
    }

    /// The sign-up form's checks as the person goes (the page's script asks as each field is left, and before Sign up
    /// is sent): each filled field's problem, and the one Sign up would refuse the form with, on the field it marks —
    /// so a refusal never reloads the page and never costs the typed password. The same rules and words as Sign up.
    @Sendable func checkSignup(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await request.decodeForm(as: SignupFields.self, context: context)
        let form = SignupForm(
            email: fields.email ?? "",
            password: fields.password ?? "",
            firstName: fields.firstName ?? "",
            lastName: fields.lastName ?? "",
            mobile: fields.mobile ?? "",
            gender: fields.gender ?? ""
        )
        var first: FormCheck.Problem?
        do {
            _ = try form.validated()
        } catch {
            let view = SignupView(form: form, problem: error, csrfToken: "")
            first = FormCheck.Problem(field: (view.invalidField ?? .form).rawValue, message: error.message)
        }
        let problems = Dictionary(uniqueKeysWithValues: form.fieldProblems.map { ($0.key.rawValue, $0.value) })
        return FormCheck(fields: problems, first: first).response
    }

    /// Starts a new session (ending the one the browser came with: the id changes at login) and goes to `path`.
    private func signIn(_ account: Account, context: AppRequestContext, to path: String) async throws -> Response {
        let token = try await store.startSession(for: account, replacing: context.cookie(Self.cookieName))
        var response = Response(status: .seeOther, headers: [.location: path])
        Self.setSession(token, on: &response)
        return response
    }

    @Sendable func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let token = context.cookie(Self.cookieName) { try await store.endSession(token) }
        var response = pages.redirect(to: "/accounts/login", flash: Flash(.info, "You are logged out."))
        Self.setSession(nil, on: &response)
        return response
    }

    /// Ends every session of the signed-in account, this browser's too: a phone left signed in somewhere is signed
    /// out from here.
    @Sendable func logoutEverywhere(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let account = try await account(context) { try await store.endSessions(of: account.id ?? 0) }
        var response = pages.redirect(to: "/accounts/login", flash: Flash(.info, "You are logged out on every device."))
        Self.setSession(nil, on: &response)
        return response
    }

    /// Sets the cookie that carries session `token` (HttpOnly, SameSite=Lax, for the whole host: with sign-in on,
    /// every app reads it; Secure over HTTPS), or clears it when nil. The cookie a browser may still hold from before,
    /// under `/accounts` only, is cleared either way: it would be sent first there, in place of the new one. Clearing
    /// it also clears the browser's cache of this host's pages.
    static func setSession(_ token: String?, on response: inout Response) {
        response.setCookie(Cookie(name: cookieName, value: "", maxAge: 0, path: "/accounts", httpOnly: true, sameSite: .lax))
        guard let token else {
            response.setCookie(Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
            // Signed out: what the browser kept of the person's pages goes too.
            response.headers[HTTPField.Name("Clear-Site-Data")!] = #""cache""#
            return
        }
        response.setCookie(cookie(carrying: token))
    }

    /// The cookie that carries session `token`.
    static func cookie(carrying token: String) -> Cookie {
        Cookie(name: cookieName, value: token, path: "/", httpOnly: true, sameSite: .lax)
    }

    // MARK: Home

    @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let account = try await account(context) else { return toLogin(request) }
        let query = request.uri.queryParameters
        let view = HomeView(
            account: account,
            editing: query.get("edit") == "mobile",
            returning: query.get("from") == "mobile",
            mobileTyped: nil,
            mobileProblem: nil,
            deleteProblem: nil,
            csrfToken: context.csrfToken
        )
        return await pages.page("Home", body: AccountsPages.home(view), request: request, context: context)
    }

    @Sendable func changeMobile(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let account = try await account(context) else { return toLogin(request, next: "/accounts/home") }
        let fields = try await request.decodeForm(as: MobileFields.self, context: context)
        do {
            try await store.changeMobile(of: account.id ?? 0, to: fields.mobile ?? "")
            // Back on Home, focus returns to Edit, where the person was before the dialog.
            return pages.redirect(to: "/accounts/home?from=mobile", flash: Flash(.success, AccountMessage.numberEdited))
        } catch let problem as SignupForm.Problem {
            let view = HomeView(
                account: account,
                editing: true,
                mobileTyped: fields.mobile ?? "",
                mobileProblem: problem.message,
                deleteProblem: nil,
                csrfToken: context.csrfToken
            )
            return await pages.page(
                "Home",
                body: AccountsPages.home(view),
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
    }

    /// Changes the password after checking the current one (held by the login throttle, as a login is); every other
    /// session of the account ends and this browser gets a new one.
    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let account = try await account(context), let token = context.cookie(Self.cookieName) else {
            return toLogin(request, next: "/accounts/home")
        }
        let fields = try await request.decodeForm(as: PasswordFields.self, context: context)
        do {
            let renewed = try await store.changePassword(
                of: account,
                current: fields.current ?? "",
                new: fields.password ?? "",
                session: token,
                throttle: throttle,
                from: context.clientAddress
            )
            var response = pages.redirect(to: "/accounts/home", flash: Flash(.success, AccountMessage.passwordChanged))
            Self.setSession(renewed, on: &response)
            return response
        } catch AccountsError.noSuchAccount {
            // The account, or this session, ended meanwhile (a password changed in another browser).
            var response = toLogin(request, next: "/accounts/home")
            Self.setSession(nil, on: &response)
            return response
        } catch let error as AccountsError {
            let field = if case .newPassword = error { "password" } else { "current" }
            let view = HomeView(
                account: account,
                passwordProblem: .init(field: field, message: error.description),
                csrfToken: context.csrfToken
            )
            return await pages.page(
                "Home",
                body: AccountsPages.home(view),
                request: request,
                context: context,
                status: error.isThrottled ? .tooManyRequests : .unprocessableContent
            )
        }
    }

    @Sendable func deleteAccount(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let account = try await account(context) else { return toLogin(request, next: "/accounts/home") }
        let fields = try await request.decodeForm(as: DeleteFields.self, context: context)
        // The confirmation is a password check like a login's, held by the same throttle.
        let stamp = Date()
        do {
            if let wait = throttle.attempt(email: account.email, address: context.clientAddress, now: stamp) {
                throw AccountsError.tooManyAttempts(seconds: wait)
            }
            try await store.deleteAccount(account, password: fields.password ?? "", from: context.clientAddress)
            throttle.succeeded(email: account.email, address: context.clientAddress, at: stamp)
        } catch let error as AccountsError {
            let view = HomeView(
                account: account,
                editing: false,
                mobileTyped: nil,
                mobileProblem: nil,
                deleteProblem: error.description,
                csrfToken: context.csrfToken
            )
            return await pages.page(
                "Home",
                body: AccountsPages.home(view),
                request: request,
                context: context,
                status: error.isThrottled ? .tooManyRequests : .unprocessableContent
            )
        }
        var response = pages.redirect(to: "/accounts/login", flash: Flash(.info, "Your account and its data were deleted."))
        Self.setSession(nil, on: &response)
        return response
    }

    // MARK: Images

    @Sendable func imageGrid(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard try await account(context) != nil else { return toLogin(request) }
        let body: HTML
        if images.url == nil {
            body = Self.builtinGrid
        } else {
            body = AccountsPages.images(await images.listing())
        }
        var response = await pages.page("Images", body: body, request: request, context: context)
        if images.url != nil {
            response.headers[.contentSecurityPolicy] = ContentSecurityPolicy.allowingImages(from: ["https:", "http:"])
        }
        return response
    }

    /// The grid of the built-in images, the same for everyone: written once.
    static let builtinGrid = AccountsPages.images(ImageListing(items: BuiltinImages.items(base: ImageSource.builtinBase)))

    @Sendable func builtinImage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let file = context.parameters.get("file") ?? ""
        guard file.hasSuffix(".svg"), let number = Int(file.dropLast(4)), let svg = BuiltinImages.svg(number) else {
            throw HTTPError(.notFound, message: "There is no such image.")
        }
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(string: svg))
        )
    }

    // MARK: Sessions

    /// The signed-in account, from the session cookie.
    private func account(_ context: AppRequestContext) async throws -> Account? {
        try await sessions.account(context.cookie(Self.cookieName))
    }

    /// To the login page, coming back to this page after.
    private func toLogin(_ request: Request, next: String? = nil) -> Response {
        let back = next ?? request.uri.path
        let query = back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return Response(status: .seeOther, headers: [.location: "/accounts/login?next=\(query)"])
    }

    /// `next` when it is a page of this host (never another site: `//host` and `/\host` are refused).
    static func safeNext(_ next: String?) -> String? {
        guard let next, next.hasPrefix("/"), !next.contains("//"), !next.contains("\\"),
            !next.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{7F}" })
        else { return nil }
        return next
    }
}

struct LoginFields: Decodable {
    var email: String?
    var password: String?
    var next: String?
}

struct SignupFields: Decodable {
    var email: String?
    var password: String?
    var firstName: String?
    var lastName: String?
    var mobile: String?
    var gender: String?
}

struct MobileFields: Decodable {
    var mobile: String?
}

struct DeleteFields: Decodable {
    var password: String?
}

struct PasswordFields: Decodable {
    var current: String?
    var password: String?
}
