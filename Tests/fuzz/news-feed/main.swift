// Fuzz target: the news reader's feed decoder.
//
// Any bytes either decode or are refused with a FeedError; nothing else may happen (no crash, no other error). A
// decoded feed must hold well-formed, distinct ids in newest-first order, and writing it back out as a feed and
// reading that again must give the same stories with the same ids.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    let headlines: [Headline]
    do {
        headlines = try NewsFeed.decode(body)
    } catch {
        guard !error.description.isEmpty, error.description.hasSuffix(".") else { fatalError("no sentence for \(error)") }
        return 0
    }
    guard Set(headlines.map(\.id)).count == headlines.count else { fatalError("ids are not distinct") }
    guard headlines.allSatisfy({ HeadlineID.isWellFormed($0.id) }) else { fatalError("an id is malformed") }
    guard zip(headlines, headlines.dropFirst()).allSatisfy({ $0.updated >= $1.updated }) else {
        fatalError("not newest first")
    }
    let items = headlines.map { ["headline": $0.headline, "updated": $0.updated, "introduction": $0.introduction] as [String: Any] }
    guard let again = try? JSONSerialization.data(withJSONObject: ["headlines": items]),
        let reread = try? NewsFeed.decode(again)
    else { fatalError("a decoded feed did not read back") }
    guard reread == headlines else { fatalError("a decoded feed read back differently") }
    return 0
}
