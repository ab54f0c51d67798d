import ArgumentParser
import AtelierHost
import Foundation
import HummingbirdTesting
import Kernel
import KernelTestSupport
import KernelWeb
import TaskList
import Testing

@Suite("The atelier host")
struct HostTests {
    @Test("every registered feature starts together and has a launcher tile that opens it")
    func allFeatures() async throws {
        let features = try Registry.features.enabled(nil)
        #expect(!features.isEmpty)
        try await withTestShell(features: features) { session, _ in
            let launcher = try await session.get("/")
            for feature in features {
                #expect(launcher.text.contains(#"href="/\#(feature.id)" data-tile="\#(feature.id)""#))
                // A feature may answer its tile with a redirect inside itself (Accounts: to its login page).
                let first = try await session.get("/\(feature.id)")
                #expect(first.headers[.location].map { $0.hasPrefix("/\(feature.id)/") } ?? true, "\(feature.id)")
                let page = try await session.follow(first)
                #expect(page.status == .ok, "\(feature.id)")
            }
        }
    }

    @Test("a feature left out by --features serves 404 and has no tile")
    func leftOut() async throws {
        try await withTestShell(features: []) { session, _ in
            let tasks = try await session.get("/tasks")
            #expect(tasks.status == .notFound)
            let launcher = try await session.get("/")
            #expect(!launcher.text.contains(#"data-tile="tasks""#))
        }
    }

    @Test("an unknown feature name is an error listing the valid ones")
    func unknownFeature() throws {
        let error = #expect(throws: FeatureSelectionError.self) { try Registry.features.enabled(["tasks", "nope"]) }
        #expect(error?.description.contains("Valid features: tasks") == true)
    }

    @Test("the command line parses serve options and lists each feature's subcommands")
    func commandLine() throws {
        let help = AtelierCommand.helpMessage()
        #expect(help.contains("serve"))
        #expect(help.contains("features"))
        #expect(help.contains("tasks"))
        #expect(throws: (any Error).self) { try AtelierCommand.parseAsRoot(["serve", "--port", "not-a-number"]) }
    }

    @Test("SSE delivers a notification posted on the bus to a connected client")
    func liveEvents() async throws {
        try await withTestShell(features: try Registry.features.enabled(nil), setup: .live) { _, parts in
            let reader = try EventStreamReader(port: try #require(parts.port))
            defer { reader.close() }
            try await reader.waitFor(": connected")
            parts.bus.post(TaskChanged(.added, ids: [41]))
            let received = try await reader.waitFor(#""ids":[41]"#)
            #expect(received.contains("event: tasks.changed"))
            #expect(received.contains(#"data: {"change":"added","ids":[41],"name":"tasks.changed","owner":1}"#))
        }
    }

    @Test("a form POST without a CSRF token is rejected with 403")
    func csrf() async throws {
        try await withTestShell(features: try Registry.features.enabled(nil)) { session, _ in
            _ = try await session.get("/")
            let add = try await session.post("/tasks", form: [("name", "x")], csrf: false)
            #expect(add.status == .forbidden)
            let read = try await session.post("/inbox/read", csrf: false)
            #expect(read.status == .forbidden)
        }
    }
}
