// Fuzz target: the news reader's validators of what operators and browsers send it: the option values
// (`feed`, `analytics`, `timeout-seconds`, `refresh-minutes`), the analytics address built from a base, and the
// story-id check.
//
// The input is split at NUL bytes into up to four texts. Each value is accepted as what it claims to be or refused
// with a sentence; an accepted address is http(s) with a host; an analytics address keeps the base's own query
// first and ends with `event`, `time` (and `screen`) in that order; an id that passes the check has the id's shape.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let texts = Data(bytes: data, count: size).split(separator: 0, omittingEmptySubsequences: false).prefix(4)
        .map { String(decoding: $0, as: UTF8.self) }
    let text = { (index: Int) in index < texts.count ? texts[index] : "" }

    let options = ["feed": text(0), "analytics": text(1), "timeout-seconds": text(2), "refresh-minutes": text(3)]
    do {
        let settings = try NewsSettings(options: options)
        for url in [settings.feed] + (settings.analytics.map { [$0] } ?? []) {
            guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
                fatalError("accepted a non-http(s) address: \(url)")
            }
        }
        guard (0...10_080).contains(settings.refreshMinutes) else { fatalError("refresh minutes out of range") }
        if let base = settings.analytics {
            let milliseconds = Int(text(2)) ?? 0
            for event in [AnalyticsEvent.load(milliseconds: milliseconds), .display(milliseconds: milliseconds, screen: .article)] {
                guard let url = event.url(base: base) else { continue }
                let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                let names = items.suffix(event.queryItems.count).map(\.name)
                guard names == event.queryItems.map(\.name) else { fatalError("query out of order: \(url)") }
                let own = URLComponents(url: base, resolvingAgainstBaseURL: false)?.queryItems ?? []
                guard Array(items.prefix(own.count)) == own else { fatalError("the base's query was not kept first: \(url)") }
            }
        }
    } catch {
        guard error.description.hasSuffix("."), !error.description.isEmpty else { fatalError("no sentence for \(error)") }
    }

    let id = text(0)
    if HeadlineID.isWellFormed(id) {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].count == 16, parts.count <= 2, id.utf8.count <= 23 else { fatalError("accepted a malformed id \(id)") }
    }
    return 0
}
