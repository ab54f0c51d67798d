/// Why a fetch of the feed did not give new headlines. Each reads as one sentence a reader understands; the last
/// good headlines are kept whatever the reason.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with an HTTP error.
    case status(Int)
    /// The body was empty.
    case empty
    /// The body was larger than the cap.
    case tooLarge(limit: Int)
    /// The body was an HTML page (an error page from a proxy or a login wall), not JSON.
    case notJSON
    /// The body was JSON, but broken.
    case malformedJSON
    /// The JSON has no `headlines` list.
    case missingHeadlines
    /// A story lacks a field the reader needs.
    case missingField(item: Int, field: String)
    /// A story's field holds the wrong kind of value.
    case wrongType(item: Int, field: String, expected: String)
    /// The server took too long.
    case timedOut(seconds: Int)
    /// The server redirected more times than allowed.
    case tooManyRedirects
    /// The server could not be reached.
    case unreachable(String)
    /// The feed address is not an http(s) address.
    case badAddress(String)
    /// The headlines were fetched but could not be stored (a full disk, a locked or damaged database file).
    case notSaved
    /// The fetch was stopped because the host is shutting down.
    case cancelled

    public var description: String {
        switch self {
        case .status(let code): "The news server answered with an error (HTTP \(code))."
        case .empty: "The news server sent an empty response."
        case .tooLarge(let limit): "The news feed is larger than \(limit / 1_048_576) MB, so it was not read."
        case .notJSON: "The news server sent a web page instead of the news feed."
        case .malformedJSON: "The news feed is not valid JSON."
        case .missingHeadlines: "The news feed has no list of headlines."
        case .missingField(let item, let field): "Story \(item) of the news feed has no “\(field)”."
        case .wrongType(let item, "entry", let expected): "Story \(item) of the news feed is not \(expected)."
        case .wrongType(let item, let field, let expected):
            "In story \(item) of the news feed, “\(field)” is not \(expected)."
        case .timedOut(let seconds):
            "The news server did not answer within \(seconds) \(seconds == 1 ? "second" : "seconds")."
        case .tooManyRedirects: "The news server redirected too many times."
        case .unreachable(let reason): "The news server could not be reached (\(reason))."
        case .badAddress(let address): "The news feed address \(address) is not an http or https address."
        case .notSaved: "The headlines were fetched but could not be saved; the ones shown are the last saved."
        case .cancelled: "The fetch was stopped because the host is shutting down."
        }
    }
}
