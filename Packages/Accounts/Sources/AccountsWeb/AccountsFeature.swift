import Accounts
import ArgumentParser
import Foundation
import Kernel
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

    /// Builds the store, the login throttle and the image source the pages share, once.
    public func makeRuntime(_ context: WebContext) async throws -> FeatureRuntime {
        let source = try ImageSource(setting: context.feature.settings["images"])
        let store = AccountStore(writer: context.feature.database, bus: context.feature.bus)
        let kept = CachedValues<String, AccountSession?>(limit: 10_000)
        let sessions = AccountSessions(store: store, kept: kept)
        // One throttle for the login form and the API's login: a wrong password counts wherever it was typed.
        let throttle = LoginThrottle()
        return FeatureRuntime(
            routes: AccountsRoutes(store: store, throttle: throttle, images: source, pages: context.pages, sessions: sessions),
            api: AccountsAPI(store: store, throttle: throttle, images: source, sessions: sessions, logger: context.feature.logger),
            services: [source.http],
            liveEvents: [AccountSessionsEnded.self],
            caches: FeatureCaches([kept], invalidatedBy: [AccountsChanged.self, AccountSessionsEnded.self]),
            // Another process (the CLI) changed the accounts: the change is announced like one made here (which makes
            // the host forget the sessions); a deletion tells open Home pages to check their session.
            outsideChanges: { [bus = context.feature.bus] changes in
                guard let message = AccountsChanged(outside: changes) else { return }
                bus.post(message)
                if message.change == .deleted || message.change == .batch { bus.post(AccountSessionsEnded()) }
            }
        )
    }
}
