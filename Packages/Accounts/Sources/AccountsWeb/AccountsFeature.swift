import Accounts
import ArgumentParser
import Foundation
import HTTPTypes
import Hummingbird
import Kernel
import KernelStorage
import KernelWeb

/// Accounts, plugged into Atelier: its option, CLI, pages and look.
public struct AccountsFeature: WebFeature {
    public let descriptor = FeatureDescriptor.accounts
    public var commands: [any ParsableCommand.Type] { [AccountsCommand.self] }
    public var publicFiles: URL? { Bundle.module.resourceURL?.appendingPathComponent("Public") }
    public var options: [FeatureOption] {
        [
            FeatureOption(
                "images",
                help: "Where the image grid's list comes from: a Flickr public feed or Picsum list URL (default: built in)."
            )
        ]
    }

    /// The feature value the registry lists.
    public init() {}

    /// Who a request is from on a host with sign-in: the account of the session its cookie carries (a page) or its
    /// `X-Account-Session` header (a program); the account's id is the person's. Accounts' own pages and API are open
    /// to everybody (signing in and up are there; the rest of them checks its own session).
    static func people(_ sessions: AccountSessions) -> PersonResolver {
        let header = HTTPField.Name("X-Account-Session")!
        return PersonResolver(
            signInPath: "/accounts/login",
            isOpen: { $0 == "/accounts" || $0.hasPrefix("/accounts/") || $0.hasPrefix("/api/v1/accounts") },
            person: { request, context in
                let token = context.cookie(AccountsRoutes.cookieName) ?? request.headers[header]
                guard let id = try? await sessions.account(token)?.id else { return nil }
                return PersonID(rawValue: id)
            }
        )
    }

    /// Builds the store, the login throttle and the image source the pages share, once.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let source = try ImageSource(setting: context.feature.settings["images"])
        let store = AccountStore(writer: context.feature.database)
        let kept = CachedValues<String, AccountSession?>(limit: 10_000)
        let sessions = AccountSessions(store: store, kept: kept)
        // One throttle for the login form and the API's login: a wrong password counts wherever it was typed.
        let throttle = LoginThrottle()
        // Sessions ended (a logout, accounts deleted here or by the CLI): open Home pages check their own. The page
        // hears only that, never which accounts changed.
        let bus = context.feature.bus
        let sessionsEnded = bus.addObserver(for: AccountsChanged.self) { change in
            if [.deleted, .signedOut, .batch].contains(change.change) { bus.post(AccountSessionsEnded()) }
        }
        return FeatureRuntime(
            routes: AccountsRoutes(store: store, throttle: throttle, images: source, pages: context.pages, sessions: sessions),
            api: AccountsAPI(store: store, throttle: throttle, images: source, sessions: sessions, logger: context.feature.logger),
            services: [source.http],
            liveEvents: [AccountSessionsEnded.self],
            changes: AccountsChanged.self,
            caches: FeatureCaches([kept]),
            subscriptions: [sessionsEnded],
            people: Self.people(sessions)
        )
    }
}
