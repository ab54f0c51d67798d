// Fuzz target: the image-list decoder (Flickr's public feed with its `\'` escapes, or a Picsum list) on arbitrary
// bytes. It refuses with a sentence or returns at most `ImageFeed.limit` images whose addresses are all absolute http
// or https URLs with a host.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    do {
        let items = try ImageFeed.decode(body)
        guard items.count <= ImageFeed.limit else { fatalError("\(items.count) items") }
        for item in items {
            for address in [item.url] + (item.link.map { [$0] } ?? []) {
                guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                    url.host != nil
                else { fatalError("kept a non-web address \(address.debugDescription)") }
            }
        }
    } catch {
        guard error.description.hasSuffix("."), !error.description.isEmpty else { fatalError("no sentence for \(error)") }
    }
    return 0
}
