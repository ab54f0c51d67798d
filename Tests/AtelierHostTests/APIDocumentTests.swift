import AtelierHost
import Foundation
import KernelTestSupport
import Testing

@Suite("The API document")
struct APIDocumentTests {
    /// The host's OpenAPI document, as committed.
    static func document() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/atelier/Sources/AtelierHost/Resources/openapi.yaml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("the live events' description names every event the host forwards to pages")
    func everyLiveEventDescribed() async throws {
        let document = try Self.document()
        let stream = try #require(document.range(of: "  /events:")).upperBound
        let description = String(document[stream...].prefix(4_000))
        try await withTestShell(features: try Registry.features.enabled(nil)) { session, _ in
            let diagnostics = try await session.get("/diagnostics").text
            let line = try #require(diagnostics.split(separator: "\n").first { $0.contains("Forwarded to pages:") })
            let names = line.components(separatedBy: "<code>").dropFirst().compactMap { $0.components(separatedBy: "</code>").first }
            #expect(names.count >= 7)
            for name in names + ["unread", "toast"] {
                #expect(description.contains("| `\(name)` |"), "the /events description does not name \(name)")
            }
        }
    }
}
