// Fuzz target: what a downloader takes from people and servers: the typed address and the `Content-Range` header.
//
// The input is split at the first NUL byte into an address and a header. An accepted address is http or https with a
// server name and at most the length limit; a refused one says why in a sentence. A parsed range never has a
// negative first byte or size, and its first byte lies inside the file when both are known.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = Data(bytes: data, count: size).split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let address = parts.first ?? ""
    let header = parts.count > 1 ? parts[1] : ""

    switch DownloadURLValidation.validate(address) {
    case .success(let url):
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            fatalError("accepted \(url.absoluteString.debugDescription)")
        }
        guard address.trimmingCharacters(in: .whitespacesAndNewlines).count <= DownloadURLValidation.maxLength else {
            fatalError("accepted an address over the limit")
        }
    case .failure(let error):
        guard error.description.hasSuffix(".") else { fatalError("message \(error.description)") }
    }

    if let range = ContentRange(header) {
        if let start = range.start, start < 0 { fatalError("negative start from \(header.debugDescription)") }
        if let total = range.total, total < 0 { fatalError("negative size from \(header.debugDescription)") }
        if let start = range.start, let total = range.total, start >= total {
            fatalError("start \(start) outside a \(total)-byte file from \(header.debugDescription)")
        }
    }
    return 0
}
