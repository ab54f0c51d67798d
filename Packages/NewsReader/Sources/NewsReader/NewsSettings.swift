import Foundation

/// Where the reader gets its feed and sends its analytics, and how often it refreshes by itself.
public struct NewsSettings: Sendable, Equatable {
    /// The brief's feed.
    public static let defaultFeed = URL(
        string: "https://raw.githubusercontent.com/bbc/news-apps-ios-coding-challenge/master/headlines.json"
    )!
    /// The brief's analytics address.
    public static let defaultAnalytics = URL(
        string: "https://raw.githubusercontent.com/bbc/news-apps-ios-coding-challenge/master/analytics"
    )!

    /// The feed's address.
    public var feed: URL
    /// The analytics address, or nil when analytics are off.
    public var analytics: URL?
    /// Minutes between background refreshes while the host runs; 0 turns them off.
    public var refreshMinutes: Int
    /// The time between background refreshes, or nil when they are off.
    public var refreshInterval: Duration? { refreshMinutes > 0 ? .seconds(refreshMinutes * 60) : nil }
    /// How long a feed fetch may take before it is given up.
    public var fetchTimeout: Duration
    /// How long an analytics hit may take before it is given up.
    public var analyticsTimeout: Duration

    /// Settings; the defaults are the brief's addresses, a refresh every 15 minutes.
    public init(
        feed: URL = NewsSettings.defaultFeed,
        analytics: URL? = NewsSettings.defaultAnalytics,
        refreshMinutes: Int = 15,
        fetchTimeout: Duration = .seconds(10),
        analyticsTimeout: Duration = .seconds(3)
    ) {
        self.feed = feed
        self.analytics = analytics
        self.refreshMinutes = refreshMinutes
        self.fetchTimeout = fetchTimeout
        self.analyticsTimeout = analyticsTimeout
    }

    /// Settings from the operator's option values (`feed`, `analytics`, `refresh-minutes`, `timeout-seconds`,
    /// `analytics-timeout-seconds`), each defaulted when absent.
    ///
    /// - Throws: ``NewsSettingsError`` naming the option whose value is unusable.
    public init(options: [String: String]) throws(NewsSettingsError) {
        self.init()
        if let text = options["feed"] {
            guard let url = Self.httpURL(text) else { throw .feed(text) }
            feed = url
        }
        if let text = options["analytics"] {
            if text.lowercased() == "off" {
                analytics = nil
            } else {
                guard let url = Self.httpURL(text) else { throw .analytics(text) }
                analytics = url
            }
        }
        if let text = options["timeout-seconds"] {
            guard let seconds = Int(text), (1...300).contains(seconds) else { throw .timeoutSeconds(text) }
            fetchTimeout = .seconds(seconds)
        }
        if let text = options["analytics-timeout-seconds"] {
            guard let seconds = Int(text), (1...300).contains(seconds) else { throw .analyticsTimeoutSeconds(text) }
            analyticsTimeout = .seconds(seconds)
        }
        if let text = options["refresh-minutes"] {
            guard let minutes = Int(text), (0...10_080).contains(minutes) else { throw .refreshMinutes(text) }
            refreshMinutes = minutes
        }
    }

    /// `text` as an http(s) URL with a host, or nil.
    public static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

/// An option value the reader cannot use.
public enum NewsSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The feed address is not an http(s) URL.
    case feed(String)
    /// The analytics address is neither an http(s) URL nor `off`.
    case analytics(String)
    /// The refresh interval is not a whole number of minutes from 0 to 10080 (a week).
    case refreshMinutes(String)
    /// The fetch time-out is not a whole number of seconds from 1 to 300.
    case timeoutSeconds(String)
    /// The analytics time-out is not a whole number of seconds from 1 to 300.
    case analyticsTimeoutSeconds(String)

    public var description: String {
        switch self {
        case .feed(let text): "The news feed address \"\(text)\" is not an http or https address."
        case .analytics(let text): "The news analytics address \"\(text)\" is not an http or https address, or off."
        case .refreshMinutes(let text):
            "The news refresh interval \"\(text)\" is not a whole number of minutes from 0 (off) to 10080."
        case .timeoutSeconds(let text):
            "The news fetch time-out \"\(text)\" is not a whole number of seconds from 1 to 300."
        case .analyticsTimeoutSeconds(let text):
            "The news analytics time-out \"\(text)\" is not a whole number of seconds from 1 to 300."
        }
    }
}
