import Foundation
import GRDB
import KernelStorage
import Testing

@testable import Downloader

@Suite("Progress saved during a transfer")
struct DownloadProgressSaveTests {
    @Test("keeps the server's validator, final address and type with the byte count, so a resume after a kill asks for the same version")
    func validatorWithFirstBytes() async throws {
        let database = try FeatureDatabase.inMemory(migrations: DownloadMigrations.feature)
        let store = DownloadStore(writer: database)
        let queued = try await store.insert(url: "https://example.com/file")
        let id = try #require(queued.id)
        _ = try await store.claim(id: id, owner: "me", until: Date().addingTimeInterval(60))
        var item = queued
        item.receivedBytes = 500
        item.totalBytes = 3000
        item.validator = "\"v1\""
        item.finalURL = "https://cdn.example.com/file"
        item.contentType = "text/html"
        try await store.saveProgress(of: item, id: id, owner: "me")
        let saved = try #require(try await store.find(id: id))
        #expect(saved.receivedBytes == 500)
        #expect(saved.validator == "\"v1\"")
        #expect(saved.finalURL == "https://cdn.example.com/file")
        #expect(saved.contentType == "text/html")
        // Another owner's progress is not written.
        item.receivedBytes = 900
        try await store.saveProgress(of: item, id: id, owner: "someone else")
        #expect(try await store.find(id: id)?.receivedBytes == 500)
    }
}
