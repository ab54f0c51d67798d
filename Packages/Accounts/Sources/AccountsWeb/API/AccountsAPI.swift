import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import KernelAPI
import KernelWeb
import Logging
import OpenAPIRuntime

/// Accounts' JSON API (`/api/v1/accounts…`, the `accounts` part of the host's OpenAPI document), on the server protocol
/// generated from it (`Generated/`): the sign-up and login forms (the same checks, the brief's sentences, the same
/// throttle), Home's details, number and deletion, logging out, and the image grid's list. A session is the pages'
/// own, its token sent as `X-Account-Session` instead of a cookie.
struct AccountsAPI: APIProtocol, FeatureRoutes {
    let store: AccountStore
    let throttle: LoginThrottle
    let images: ImageSource
    let sessions: AccountSessions
    let logger: Logger

    func add(to routes: RouterGroup<AppRequestContext>) {
        APIRouter.mount(on: routes, logger: logger) {
            try registerHandlers(on: $0, configuration: $1, middlewares: $2)
        }
    }

    func signUp(_ input: Operations.SignUp.Input) async throws -> Operations.SignUp.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let form = SignupForm(
            email: sent.email ?? "",
            password: sent.password ?? "",
            firstName: sent.firstName ?? "",
            lastName: sent.lastName ?? "",
            mobile: sent.mobile ?? "",
            gender: sent.gender ?? ""
        )
        do {
            let account = try await store.signUp(form, from: APIRequest.clientAddress)
            return .created(.init(headers: .init(location: "/api/v1/accounts/me"), body: .json(try await session(for: account))))
        } catch let problem as SignupForm.Problem {
            // The field the page marks: for "Please complete the form", the first compulsory one left empty.
            let field = SignupView(form: form, problem: problem, csrfToken: "").invalidField ?? problem.field
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused(problem.message, field: field.rawValue))))
        }
    }

    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        let form = LoginForm(email: sent.email ?? "", password: sent.password ?? "")
        if let problem = form.problem {
            // The field the page marks and focuses.
            let field = LoginView(form: form, problem: problem, next: nil, csrfToken: "").invalidField ?? "email"
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused(problem, field: field))))
        }
        let stamp = Date()
        let address = APIRequest.clientAddress
        if let wait = throttle.attempt(email: form.email, address: address, now: stamp) {
            return .tooManyRequests(Self.throttled(wait))
        }
        guard let account = try await store.authenticate(email: form.email, password: form.password, from: address) else {
            return .unauthorized(.init(body: .applicationProblemJson(.init(title: AccountMessage.wrongCredentials, status: 401))))
        }
        throttle.succeeded(email: form.email, address: address, at: stamp)
        return .ok(.init(body: .json(try await session(for: account))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        if let token = input.headers.xAccountSession, !token.isEmpty { try await store.endSession(token) }
        return .noContent(.init())
    }

    func logOutEverywhere(_ input: Operations.LogOutEverywhere.Input) async throws -> Operations.LogOutEverywhere.Output {
        guard let account = try await sessions.account(input.headers.xAccountSession) else { return .unauthorized(Self.notLoggedIn) }
        try await store.endSessions(of: account.id ?? 0)
        return .noContent(.init())
    }

    func changeMyPassword(_ input: Operations.ChangeMyPassword.Input) async throws -> Operations.ChangeMyPassword.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        guard let token = input.headers.xAccountSession, let account = try await sessions.account(token) else {
            return .unauthorized(Self.notLoggedIn)
        }
        do {
            let renewed = try await store.changePassword(
                of: account,
                current: sent.current,
                new: sent.password,
                session: token,
                throttle: throttle,
                from: APIRequest.clientAddress
            )
            let expiresAt = try await store.session(renewed)?.expiresAt ?? Date().addingTimeInterval(AccountStore.sessionLifetime)
            return .ok(.init(body: .json(.init(token: renewed, expiresAt: expiresAt, account: Self.account(account)))))
        } catch AccountsError.tooManyAttempts(let wait) {
            return .tooManyRequests(Self.throttled(wait))
        } catch AccountsError.noSuchAccount {
            return .unauthorized(Self.notLoggedIn)
        } catch let error as AccountsError {
            let field = if case .newPassword = error { "password" } else { "current" }
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused(error.description, field: field))))
        }
    }

    func getMyAccount(_ input: Operations.GetMyAccount.Input) async throws -> Operations.GetMyAccount.Output {
        guard let account = try await sessions.account(input.headers.xAccountSession) else { return .unauthorized(Self.notLoggedIn) }
        return .ok(.init(headers: .init(eTag: EntityTag.header(account.version)), body: .json(Self.account(account))))
    }

    func changeMyMobile(_ input: Operations.ChangeMyMobile.Input) async throws -> Operations.ChangeMyMobile.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        guard let account = try await sessions.account(input.headers.xAccountSession) else { return .unauthorized(Self.notLoggedIn) }
        let version = try EntityTag.version(ifMatch: input.headers.ifMatch)
        do {
            let changed = try await store.changeMobile(of: account.id ?? 0, to: sent.mobile, ifVersion: version)
            return .ok(.init(headers: .init(eTag: EntityTag.header(changed.version)), body: .json(Self.account(changed))))
        } catch let problem as SignupForm.Problem {
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.refused(problem.message, field: "mobile"))))
        } catch AccountsError.changed {
            return .preconditionFailed(
                .init(body: .applicationProblemJson(.init(title: AccountsError.changed.description, status: 412)))
            )
        } catch AccountsError.noSuchAccount {
            return .unauthorized(Self.notLoggedIn)
        }
    }

    func deleteMyAccount(_ input: Operations.DeleteMyAccount.Input) async throws -> Operations.DeleteMyAccount.Output {
        guard case .json(let sent) = input.body else { throw APIProblem(.unsupportedMediaType, title: "Send JSON.") }
        guard let account = try await sessions.account(input.headers.xAccountSession) else { return .unauthorized(Self.notLoggedIn) }
        // The confirmation is a password check like a login's, held by the same throttle.
        let stamp = Date()
        let address = APIRequest.clientAddress
        if let wait = throttle.attempt(email: account.email, address: address, now: stamp) {
            return .tooManyRequests(Self.throttled(wait))
        }
        do {
            try await store.deleteAccount(account, password: sent.password, from: address)
        } catch AccountsError.wrongPassword {
            return .unprocessableContent(
                .init(body: .applicationProblemJson(Self.refused(AccountsError.wrongPassword.description, field: "password")))
            )
        }
        throttle.succeeded(email: account.email, address: address, at: stamp)
        return .noContent(.init())
    }

    func listAccountImages(_ input: Operations.ListAccountImages.Input) async throws -> Operations.ListAccountImages.Output {
        guard try await sessions.account(input.headers.xAccountSession) != nil else { return .unauthorized(Self.notLoggedIn) }
        let listing = await images.listing()
        return .ok(
            .init(
                body: .json(
                    .init(images: listing.items.map { .init(url: $0.url, title: $0.title, link: $0.link) }, problem: listing.problem)
                )
            )
        )
    }

    /// A new session for `account`, with the account as Home shows it.
    private func session(for account: Account) async throws -> Components.Schemas.AccountSession {
        let token = try await store.startSession(for: account)
        let expiresAt = try await store.session(token)?.expiresAt ?? Date().addingTimeInterval(AccountStore.sessionLifetime)
        return .init(token: token, expiresAt: expiresAt, account: Self.account(account))
    }

    static func account(_ account: Account) -> Components.Schemas.Account {
        .init(
            id: account.id ?? 0,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            displayName: account.displayName,
            mobile: account.mobileNational,
            gender: Components.Schemas.Account.GenderPayload(rawValue: account.gender.rawValue) ?? .preferNotToSay,
            createdAt: account.createdAt
        )
    }

    static func refused(_ message: String, field: String) -> Components.Schemas.Problem {
        .init(title: message, status: 422, errors: [.init(field: field, message: message)])
    }

    static var notLoggedIn: Components.Responses.NotLoggedIn {
        .init(body: .applicationProblemJson(.init(title: "Log in first: there is no session, or it ended.", status: 401)))
    }

    static func throttled(_ seconds: Int) -> Components.Responses.TooManyAttempts {
        .init(
            headers: .init(retryAfter: seconds),
            body: .applicationProblemJson(.init(title: AccountMessage.tryAgain(in: seconds), status: 429))
        )
    }
}
