import Accounts
import AsyncHTTPClient
import Foundation
import Kernel
import KernelHTTPClient
import NIOCore
import Synchronization

/// Where the image grid's list comes from: the built-in images, or a Flickr or Picsum list at an address the
/// operator configured (`--accounts-images URL`). A failed fetch keeps the last list that loaded; a fetch a kept-alive
/// connection let down before its answer is sent once more.
final class ImageSource: Sendable {
    /// The path the built-in images are served under.
    static let builtinBase = "/accounts/images/builtin"
    /// The most bytes a list may have.
    static let maxBytes = 2 * 1024 * 1024

    let url: URL?
    /// The client lists are fetched with, made on first use and shut down with the host.
    let http = HTTPClientService(configuration: HTTPClient.Configuration())
    private let timeout: Duration
    private let lastGood = Mutex<[ImageItem]?>(nil)

    /// The source `setting` names: `nil`, empty or `builtin` for the built-in images, else an http(s) address.
    init(setting: String?, timeout: Duration = .seconds(8)) throws {
        self.timeout = timeout
        guard let setting, !setting.isEmpty, setting != "builtin" else {
            url = nil
            return
        }
        guard let url = URL(string: setting), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw CommandFailure("--accounts-images must be an http or https address, or builtin; got \(setting)")
        }
        self.url = url
    }

    /// The list now: fetched afresh from a configured address (the last good one and a message when that fails).
    func listing() async -> ImageListing {
        guard let url else { return ImageListing(items: BuiltinImages.items(base: Self.builtinBase)) }
        do {
            let items = try await fetch(url)
            lastGood.withLock { $0 = items }
            return ImageListing(items: items)
        } catch {
            let message = "The images could not be loaded: \(error.message)"
            return ImageListing(items: lastGood.withLock { $0 } ?? [], problem: message)
        }
    }

    private struct Failure: Error {
        let message: String
    }

    private func fetch(_ url: URL) async throws(Failure) -> [ImageItem] {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        let data: Data
        do {
            let response = try await http.client.executeOnceMore(request, deadline: NIODeadline.now() + TimeAmount(timeout))
            guard (200..<300).contains(response.status.code) else {
                throw Failure(message: "the source answered \(response.status.code).")
            }
            var body = ByteBuffer()
            for try await chunk in response.body {
                guard body.readableBytes + chunk.readableBytes <= Self.maxBytes else {
                    throw Failure(message: "the list is larger than 2 MB.")
                }
                var chunk = chunk
                body.writeBuffer(&chunk)
            }
            data = Data(body.readableBytesView)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "the source could not be reached.")
        }
        let items: [ImageItem]
        do {
            items = try ImageFeed.decode(data)
        } catch {
            throw Failure(message: error.description)
        }
        guard !items.isEmpty else { throw Failure(message: "the list has no images.") }
        return items
    }
}
