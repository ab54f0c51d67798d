import Foundation

/// The downloader's operations: a refused address, a download of the host's own front page (this host listens on
/// loopback, so it may), the viewer's reading of it, Cancel of a finished one, Retry, Remove.
struct DownloadsWalk {
    let client: Client
    /// The page to download.
    let page: String

    func run() async throws {
        let refused = try await client.startDownload(body: .json(.init(url: "ftp://example.com/file")))
        let problem = try refused.unprocessableContent.body.applicationProblemJson
        try expect(
            problem.errors?.first?.field == "url"
                && problem.errors?.first?.message == "Only http and https addresses can be downloaded, not ftp:.",
            "downloads: an ftp address is refused with the field's sentence"
        )
        let started = try await client.startDownload(body: .json(.init(url: page)))
        let id = try started.created.body.json.id
        try expect(try started.created.headers.location == "/api/v1/downloads/\(id)", "downloads: start; Location names it")
        try await waitUntilCompleted(id)
        let reading = try await client.readDownload(path: .init(id: id)).ok.body.json
        try expect(
            !reading.title.isEmpty && !reading.links.isEmpty && !reading.text.isEmpty,
            "downloads: the viewer reads \"\(reading.title)\", \(reading.headings.count) headings, \(reading.links.count) links"
        )
        let cancelled = try await client.cancelDownload(path: .init(id: id)).ok.body.json
        try expect(cancelled.state == .completed, "downloads: Cancel leaves a completed download as it ended")
        _ = try await client.retryDownload(path: .init(id: id)).ok
        try await waitUntilCompleted(id)
        _ = try await client.removeDownload(path: .init(id: id)).noContent
        let gone = try await client.getDownload(path: .init(id: id))
        try expect(
            (try? gone.notFound.body.applicationProblemJson.title) == "That download is no longer in the list.",
            "downloads: retried, completed again, removed"
        )
    }

    private func waitUntilCompleted(_ id: Int64) async throws {
        for _ in 0..<100 {
            let download = try await client.getDownload(path: .init(id: id)).ok.body.json
            if download.state == .completed { return }
            if download.state == .failed { throw SmokeFailure(description: "FAILED: downloads: \(download.failure ?? "failed")") }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw SmokeFailure(description: "FAILED: downloads: not completed in 10 seconds")
    }
}
