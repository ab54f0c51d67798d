import Foundation

/// The screens the reader reports when they are shown.
public enum NewsScreen: String, Sendable, Hashable, CaseIterable {
    /// The list of headlines.
    case headlines
    /// One story's headline, date and introduction.
    case article
}

/// One analytics hit: a GET to the analytics address with the event in its query, sent and forgotten.
public enum AnalyticsEvent: Sendable, Hashable {
    /// A network request the reader made (the feed fetch) took `milliseconds`.
    case load(milliseconds: Int)
    /// `screen` was shown `milliseconds` after the reader's action asked for it.
    case display(milliseconds: Int, screen: NewsScreen)

    /// The query items, in this order: `event`, `time`, then `screen` for a display.
    public var queryItems: [URLQueryItem] {
        switch self {
        case .load(let milliseconds):
            [URLQueryItem(name: "event", value: "load"), URLQueryItem(name: "time", value: String(milliseconds))]
        case .display(let milliseconds, let screen):
            [
                URLQueryItem(name: "event", value: "display"), URLQueryItem(name: "time", value: String(milliseconds)),
                URLQueryItem(name: "screen", value: screen.rawValue),
            ]
        }
    }

    /// The address to GET for this event: `base` with the event's query items after any it already has.
    public func url(base: URL) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = (components.queryItems ?? []) + queryItems
        return components.url
    }

    /// The longest display time accepted from a browser: ten minutes. A larger or negative figure is a clock
    /// that jumped, not a measurement.
    public static let maxDisplayMilliseconds = 600_000
}
