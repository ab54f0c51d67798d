import ArgumentParser
import Foundation
import GRDB
import HummingbirdTesting
import Kernel
import KernelStorage
import KernelTestSupport
import TaskList
import Testing

@testable import AtelierHost

@Suite("The atelier command line")
struct CommandTests {
    /// Parses and runs `arguments` as the `atelier` executable would.
    func run(_ arguments: [String]) async throws {
        var command = try AtelierCommand.parseAsRoot(arguments)
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
    }

    @Test("serve on a port already in use fails with a clear message")
    func portInUse() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        try await withTestShell(features: [], setup: .live) { _, parts in
            let port = try #require(parts.port)
            let error = await #expect(throws: CommandFailure.self) {
                try await run(["serve", "--port", "\(port)", "--data-dir", temp.path, "--features", "tasks"])
            }
            #expect(
                error?.message == "Port \(port) on 127.0.0.1 is already in use. Stop the other server, or choose another port with --port."
            )
        }
    }

    @Test("serve with a data directory that cannot be created fails before listening")
    func unusableDataDirectory() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.path + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        let error = await #expect(throws: CommandFailure.self) {
            try await run(["serve", "--port", "0", "--data-dir", blocker + "/data"])
        }
        #expect(error?.message.contains("cannot be used") == true)
    }

    @Test("an unknown feature is refused with the valid names")
    func unknownFeature() async throws {
        await #expect(throws: (any Error).self) {
            try await run(["serve", "--port", "0", "--features", "tasks,nope"])
        }
        let options = try ServeCommand.parse(["--features", "tasks,nope"]).options
        #expect(throws: ValidationError.self) { try options.enabledFeatures(config: HostConfigFile()) }
    }

    @Test("the config file chooses features, and the command line wins over it")
    func configFile() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let path = temp.path + "/config.json"
        try Data(#"{"features": ["tasks"], "port": 9123, "dataDir": "/srv/atelier"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let options = try ServeCommand.parse(["--config", path]).options
        let config = try options.loadConfig()
        #expect(config == HostConfigFile(features: ["tasks"], host: nil, port: 9123, dataDir: "/srv/atelier"))
        #expect(try options.enabledFeatures(config: config).map(\.id) == ["tasks"])
        #expect(options.directory(config: config).path == "/srv/atelier")
        let overridden = try ServeCommand.parse(["--config", path, "--data-dir", temp.path]).options
        #expect(overridden.directory(config: config).path == temp.path)

        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CommandFailure.self) { try ServeCommand.parse(["--config", path]).options.loadConfig() }
    }

    @Test("a feature's options come from the command line, over the config file; unknown ones are refused")
    func featureOptions() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let path = temp.path + "/config.json"
        try Data(#"{"port": 9123, "news": {"feed": "http://config.example/f.json", "refresh-minutes": 30}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let command = try ServeCommand.parse(["--config", path, "--news-analytics", "off", "--news-feed=http://cli.example/f.json"])
        let config = try command.options.loadConfig()
        #expect(config.port == 9123)
        let settings = try FeatureArguments.settings(command.featureArguments, config: config, features: Registry.features.all)
        #expect(settings["news"]?.values == ["feed": "http://cli.example/f.json", "analytics": "off", "refresh-minutes": "30"])

        let unknown = try ServeCommand.parse(["--news-colour", "red"])
        #expect(throws: ValidationError.self) {
            try FeatureArguments.settings(unknown.featureArguments, config: HostConfigFile(), features: Registry.features.all)
        }
        let missing = try ServeCommand.parse(["--news-feed"])
        #expect(throws: ValidationError.self) {
            try FeatureArguments.settings(missing.featureArguments, config: HostConfigFile(), features: Registry.features.all)
        }
        let badKey = HostConfigFile(featureOptions: ["news": ["colour": "red"]])
        #expect(throws: ValidationError.self) { try FeatureArguments.settings([], config: badKey, features: Registry.features.all) }
        let misspelt = HostConfigFile(featureOptions: ["News": ["feed": "http://x/f.json"]])
        #expect(throws: ValidationError.self) { try FeatureArguments.settings([], config: misspelt, features: Registry.features.all) }

        // A key that holds no object (a schema link, a comment) is not a feature's and is ignored.
        try Data(#"{"$schema": "https://example.com/s.json", "comment": null, "news": {"refresh-minutes": 0}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let lenient = try ServeCommand.parse(["--config", path]).options.loadConfig()
        #expect(lenient.featureOptions == ["news": ["refresh-minutes": "0"]])
        #expect(try FeatureConfigFile.settings(for: "news", path: path).values == ["refresh-minutes": "0"])
        #expect(ServeCommand.helpMessage().contains("--news-feed VALUE"))
    }

    @Test("serve refuses a feature option value the feature cannot use, saying why")
    func badFeatureOption() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let error = await #expect(throws: CommandFailure.self) {
            try await run(["serve", "--port", "0", "--data-dir", temp.path, "--features", "news", "--news-feed", "ftp://x/f"])
        }
        #expect(error?.message == "The news feed address \"ftp://x/f\" is not an http or https address.")
    }

    @Test("news subcommands read the stored headlines and refuse an unknown story")
    func newsCommands() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        try await run(["news", "headlines", "--json", "--data-dir", temp.path])
        let error = await #expect(throws: CommandFailure.self) {
            try await run(["news", "show", "0123456789abcdef", "--data-dir", temp.path])
        }
        #expect(error?.message == "There is no story 0123456789abcdef. `atelier news headlines` lists them.")
    }

    @Test("tasks subcommands change the same database the host uses")
    func tasksCommands() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        try await run(["tasks", "add", "From the terminal", "--date", "2999-01-01", "--data-dir", temp.path])
        let pool = try FeatureDatabase.open(named: "tasks", in: temp.dataDirectory, migrations: FeatureDescriptor.tasks.migrations)
        let repository = TaskRepository(writer: pool)
        let added = try #require(try await repository.all().first)
        #expect(added.name == "From the terminal")
        let id = try #require(added.id)

        try await run(["tasks", "done", "\(id)", "--data-dir", temp.path])
        #expect(try await repository.find(id: id).isDone)
        try await run(["tasks", "edit", "\(id)", "--name", "Renamed", "--data-dir", temp.path])
        #expect(try await repository.find(id: id).name == "Renamed")
        try await run(["tasks", "delete", "\(id)", "--data-dir", temp.path])
        await #expect(throws: TaskListError.self) { try await repository.find(id: id) }

        let missing = await #expect(throws: CommandFailure.self) {
            try await run(["tasks", "done", "\(id)", "--data-dir", temp.path])
        }
        #expect(missing?.message == "There is no task \(id). `atelier tasks list` shows the tasks and their ids.")
        let unnamed = await #expect(throws: CommandFailure.self) {
            try await run(["tasks", "add", "", "--data-dir", temp.path])
        }
        #expect(unnamed?.message == "Give the task a name.")
    }

    @Test("tasks: --date takes today, tomorrow and weekday names, says what it takes, and edit says when nothing changes")
    func tasksMessages() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let pool = try FeatureDatabase.open(named: "tasks", in: temp.dataDirectory, migrations: FeatureDescriptor.tasks.migrations)
        let repository = TaskRepository(writer: pool)
        let today = TaskDay.today()
        try await run(["tasks", "add", "Tomorrow's", "--date", "tomorrow", "--data-dir", temp.path])
        try await run(["tasks", "add", "Friday's", "--date", "Friday", "--data-dir", temp.path])
        let added = try await repository.all()
        #expect(added.first { $0.name == "Tomorrow's" }?.day == today.adding(days: 1))
        let friday = try #require(added.first { $0.name == "Friday's" }?.day)
        #expect(friday.weekday == 6 && friday >= today && friday < today.adding(days: 7))

        let refused = await #expect(throws: CommandFailure.self) {
            try await run(["tasks", "add", "Someday", "--date", "someday", "--data-dir", temp.path])
        }
        #expect(refused?.message == "“someday” is not a date. Use \(TaskDay.acceptedWords).")

        let id = try #require(added.first { $0.name == "Friday's" }?.id)
        let nothing = await #expect(throws: CommandFailure.self) {
            try await run(["tasks", "edit", "\(id)", "--data-dir", temp.path])
        }
        #expect(nothing?.message.hasPrefix("Nothing to change: give --name, --details or --date") == true)
        let same = await #expect(throws: CommandFailure.self) {
            try await run(["tasks", "edit", "\(id)", "--name", "Friday's", "--data-dir", temp.path])
        }
        #expect(same?.message == "Task \(id) already has that name, description and date: nothing was changed.")
        // Yesterday, never Friday's date (which is today on a Friday).
        try await run(["tasks", "edit", "\(id)", "--date", "yesterday", "--data-dir", temp.path])
        #expect(try await repository.find(id: id).day == today.adding(days: -1))
    }

    @Test("notify leaves a notice that the host delivers")
    func notify() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        try await run(["notify", "Essay due", "Tomorrow", "--link", "/tasks", "--data-dir", temp.path])
        let database = try FeatureDatabase.open(named: "kernel", in: temp.dataDirectory, migrations: NoticeCenter.migrations)
        let center = NoticeCenter(database: database, bus: .init())
        #expect(try await center.scheduled().map(\.title) == ["Essay due"])
        #expect(try await center.deliverDue().map(\.title) == ["Essay due"])
    }

    @Test("notify refuses a link that would leave the app, and the inbox never shows one")
    func notifyLinkStaysInTheApp() async throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        for link in ["//evil.example/x", "/\\evil.example/x", "https://evil.example/", "javascript:alert(1)", "/\t/evil.example", "tasks"] {
            let error = await #expect(throws: CommandFailure.self, "\(link)") {
                try await run(["notify", "Hi", "--link", link, "--data-dir", temp.path])
            }
            #expect(error?.message == "--link must be a path inside the app that starts with one /, such as /tasks.")
        }
        #expect(Notice.inAppLink("/tasks/12?x=1#top") == "/tasks/12?x=1#top")
        #expect(Notice.inAppLink("/a b <c> \"d\"") == "/a b <c> \"d\"")
        #expect(Notice.inAppLink("//evil.example") == nil)
        #expect(Notice.inAppLink("/\\evil.example") == nil)
        #expect(Notice.inAppLink("/x\u{0}y") == nil)
        // A notice stored with such a link by anything else is shown without it.
        try await withTestShell(features: []) { session, parts in
            let database = try FeatureDatabase.open(named: "kernel", in: parts.directory.dataDirectory, migrations: NoticeCenter.migrations)
            let center = NoticeCenter(database: database, bus: .init())
            _ = try await center.schedule(featureID: "cli", title: "Planted", body: "", link: "//evil.example/x", at: .now)
            _ = try await center.deliverDue()
            let inbox = try await session.get("/inbox")
            #expect(inbox.text.contains("Planted"))
            #expect(!inbox.text.contains("evil.example"))
        }
    }
}
