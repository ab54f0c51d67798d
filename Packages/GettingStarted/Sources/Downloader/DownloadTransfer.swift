import AsyncHTTPClient
import Foundation
import KernelHTTPClient
import NIOCore
import NIOHTTP1

/// Moves one download's bytes from the server to its file: follows redirects (itself, so that with
/// ``DownloadSettings/publicAddressesOnly`` every hop's server is checked), resumes with `Range` when part of
/// the file is already on disk, enforces the size cap, and reports progress at most every
/// ``DownloadSettings/progressInterval``.
struct DownloadTransfer: Sendable {
    let client: HTTPClient
    let settings: DownloadSettings
    let path: String
    /// Asked by a download found slow over ``DownloadSettings/slowWindowWhenWaiting``: whether another download waits
    /// for its place (then it stops, and that download takes it; each waiting download is given one place).
    var givePlace: @Sendable () -> Bool = { false }
    /// Called with the item as it is now whenever progress is due to be reported.
    let report: @Sendable (DownloadItem) async -> Void
    /// Gives the addresses of a server's name (see ``PublicAddressCheck/resolve(_:)``); a test may give another.
    var resolve: @Sendable (String) -> [String] = PublicAddressCheck.resolve
    /// Judges one address (see ``PublicAddressCheck/isPublic(_:)``); a test may give another.
    var isPublic: @Sendable (String) -> Bool = PublicAddressCheck.isPublic
    /// The clients that connect to a checked address, made as hops need them and shut down when the run ends.
    private let pinned = PinnedClients()

    /// How the engine's client and the pinned ones connect: redirects are followed by the transfer itself, with the
    /// engine's timeouts, no decompression, HTTP/1.
    static func clientConfiguration(_ settings: DownloadSettings) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            // The transfer follows redirects itself, checking each hop's address when it must.
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .nanoseconds(settings.connectTimeout.nanoseconds),
                read: .nanoseconds(settings.stallTimeout.nanoseconds)
            ),
            decompression: .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(8, settings.maxDownloadsPerServer)
        configuration.httpVersion = .http1Only
        return configuration
    }

    /// Runs the transfer of `item`, updating it as facts arrive; returns how it ended with the final item.
    func run(_ start: DownloadItem) async -> (DownloadOutcome, DownloadItem) {
        let result = await attempts(start)
        await pinned.shutdown()
        return result
    }

    private func attempts(_ start: DownloadItem) async -> (DownloadOutcome, DownloadItem) {
        var item = start
        var offset = item.receivedBytes > 0 ? DownloadFile.size(at: path) : 0
        // Two attempts: a resume the server cannot honour is followed by one full download.
        for _ in 0..<2 {
            do {
                let step = try await attempt(&item, offset: offset)
                switch step {
                case .done(let outcome): return (outcome, item)
                case .restart: offset = 0
                }
            } catch {
                if Task.isCancelled || error is CancellationError { return (.cancelled, item) }
                var message = DownloadFailure.message(for: error, settings: settings)
                if item.receivedBytes > 0 { message += " Got \(item.progressText)." }
                return (.failed(message), item)
            }
        }
        return (.failed("The server did not honour a resume, and the download could not start over."), item)
    }

    /// Sends `request`, following up to ``DownloadSettings/maxRedirects`` redirects (a loop is refused); gives the
    /// final response and its address.
    private func execute(_ first: HTTPClientRequest) async throws -> (HTTPClientResponse, String) {
        var request = first
        var visited: Set<String> = [first.url]
        while true {
            let response = try await send(request)
            guard [301, 302, 303, 307, 308].contains(response.status.code),
                let location = response.headers.first(name: "Location"),
                let base = URL(string: request.url),
                let next = URL(string: location, relativeTo: base)?.absoluteURL,
                ["http", "https"].contains(next.scheme?.lowercased() ?? "")
            else {
                return (response, request.url)
            }
            // The redirect's own body is not wanted.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            guard visited.insert(next.absoluteString).inserted else { throw HTTPClientError.redirectCycleDetected }
            guard visited.count <= settings.maxRedirects + 1 else { throw HTTPClientError.redirectLimitReached }
            request.url = next.absoluteString
        }
    }

    /// Sends one request, once more when a kept-alive connection let it down before its answer (see
    /// `HTTPClient.executeOnceMore`). When only public addresses may be reached, its server's addresses are checked first and
    /// the connection goes to an address checked, through a client pinned to it: the client's own lookup could
    /// answer otherwise (DNS rebinding). The addresses are tried in turn, as the client's own fallback would: a server
    /// whose first address does not answer (an IPv6 address on a network without IPv6) is reached at the next. (A
    /// GET that got no answer is safe to send again.)
    private func send(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        guard settings.publicAddressesOnly, let url = URL(string: request.url),
            let host = url.host(percentEncoded: false),
            !settings.allowedPrivateHosts.contains(host.lowercased())
        else {
            return try await client.executeOnceMore(request, deadline: .distantFuture)
        }
        let addresses = try await PublicAddressCheck.publicAddresses(of: url, resolve: resolve, isPublic: isPublic)
        guard !addresses.isEmpty else { return try await client.executeOnceMore(request, deadline: .distantFuture) }
        func send(to address: String) async throws -> HTTPClientResponse {
            let pinnedClient = pinned.client(host: host, address: address, configuration: Self.clientConfiguration(settings))
            return try await pinnedClient.executeOnceMore(request, deadline: .distantFuture)
        }
        let tried = addresses.prefix(Self.addressesTried)
        for address in tried.dropLast() {
            do {
                return try await send(to: address)
            } catch {
                if Task.isCancelled || error is CancellationError { throw error }
            }
        }
        // The last address's failure is the download's.
        return try await send(to: tried.last!)
    }

    /// How many of a server's addresses are tried before its download fails.
    static let addressesTried = 3

    private enum Step {
        case done(DownloadOutcome)
        case restart
    }

    private func attempt(_ item: inout DownloadItem, offset: Int64) async throws -> Step {
        var request = HTTPClientRequest(url: offset > 0 ? (item.finalURL ?? item.url) : item.url)
        request.headers.add(name: "User-Agent", value: "Atelier-Downloader/1.0")
        request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml,*/*;q=0.8")
        if offset > 0 {
            request.headers.add(name: "Range", value: "bytes=\(offset)-")
            if let validator = item.validator { request.headers.add(name: "If-Range", value: validator) }
        }
        let (response, finalURL) = try await execute(request)
        item.finalURL = finalURL
        let append: Bool
        var total: Int64?
        switch response.status.code {
        case 206 where offset > 0:
            let range = response.headers.first(name: "Content-Range").flatMap(ContentRange.init)
            guard let range, range.start == offset else { return .restart }
            append = true
            total = range.total
        case 416 where offset > 0:
            let range = response.headers.first(name: "Content-Range").flatMap(ContentRange.init)
            // Asking for bytes past the end of a file we already have whole means it is done.
            if range?.total == offset || (range?.total == nil && item.totalBytes == offset) {
                item.totalBytes = offset
                item.receivedBytes = offset
                return .done(.completed)
            }
            return .restart
        case 200..<300:
            append = false
            total = response.headers.first(name: "Content-Length").flatMap { Int64($0) }
        default:
            return .done(.failed(DownloadFailure.status(response.status.code, response.status.reasonPhrase)))
        }
        item.contentType = response.headers.first(name: "Content-Type") ?? item.contentType
        item.validator = response.headers.first(name: "ETag") ?? response.headers.first(name: "Last-Modified")
        item.totalBytes = total
        item.receivedBytes = append ? offset : 0
        if let total, total > settings.maxBytes {
            return .done(.failed(DownloadFailure.tooLarge(size: total, limit: settings.maxBytes)))
        }
        let file = try DownloadFile(path: path, append: append)
        await report(item)
        var lastReport = ContinuousClock.now
        var windowStart = (time: lastReport, bytes: item.receivedBytes)
        for try await chunk in response.body {
            try file.append(chunk)
            item.receivedBytes += Int64(chunk.readableBytes)
            if item.receivedBytes > settings.maxBytes {
                // Nothing of a refused file is kept (it could fill the disk, and no resume will want it).
                DownloadFile.remove(at: path)
                item.receivedBytes = 0
                return .done(.failed(DownloadFailure.tooLarge(size: nil, limit: settings.maxBytes)))
            }
            if Task.isCancelled { return .done(.cancelled) }
            let now = ContinuousClock.now
            let elapsed = now - windowStart.time
            if elapsed >= min(settings.slowWindow, settings.slowWindowWhenWaiting) {
                let isSlow =
                    Double(item.receivedBytes - windowStart.bytes) < Double(settings.minimumBytesPerSecond) * elapsed.seconds
                if elapsed >= settings.slowWindow {
                    if isSlow {
                        let reason = DownloadFailure.tooSlow(settings, window: settings.slowWindow, othersWaiting: false)
                        return .done(.failed(reason + " Got \(item.progressText)."))
                    }
                    windowStart = (now, item.receivedBytes)
                } else if isSlow && givePlace() {
                    let measured = Duration.seconds(Int64(elapsed.seconds))
                    let reason = DownloadFailure.tooSlow(settings, window: measured, othersWaiting: true)
                    return .done(.failed(reason + " Got \(item.progressText)."))
                }
            }
            if now - lastReport >= settings.progressInterval {
                lastReport = now
                await report(item)
            }
        }
        if let total, item.receivedBytes < total {
            return .done(
                .failed("The server closed the connection before the download finished. Got \(item.progressText).")
            )
        }
        if total == nil { item.totalBytes = item.receivedBytes }
        return .done(.completed)
    }
}
