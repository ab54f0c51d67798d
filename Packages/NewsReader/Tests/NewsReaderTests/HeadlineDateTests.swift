import Foundation
import NewsReader
import Testing

@Suite("Dates in words")
struct HeadlineDateTests {
    @Test(
        "dates are in the host's one format (weekday, day, month, year), in UTC",
        arguments: [
            (Int64(0), "1 January 1970", "1970-01-01"),
            (1_546_300_800, "1 January 2019", "2019-01-01"),
            (951_782_400, "29 February 2000", "2000-02-29"),
            (1_546_300_799, "31 December 2018", "2018-12-31"),
            (-1, "31 December 1969", "1969-12-31"),
        ]
    )
    func words(epoch: Int64, text: String, machine: String) {
        #expect(HeadlineDate.text(epoch) == text)
        #expect(HeadlineDate.machineText(epoch) == machine)
    }

    /// Where the child process writes what it formatted, when this binary runs as that child.
    static let probeOutput = ProcessInfo.processInfo.environment["NEWS_DATE_PROBE_OUTPUT"]

    /// The machine's time zone is set in a child process (this test binary again, running ``zoneProbe()`` alone):
    /// setting `TZ` here would race with every other test running in this process.
    @Test(
        "the machine's time zone changes nothing",
        arguments: ["America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kolkata", "Europe/London"]
    )
    func timeZones(zone: String) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("news-date-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "zoneProbe"]
        child.environment = ProcessInfo.processInfo.environment.merging(
            ["TZ": zone, "NEWS_DATE_PROBE_OUTPUT": output.path],
            uniquingKeysWith: { _, new in new }
        )
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        // The child really ran in `zone`, where local midnight is not UTC's, and still wrote UTC's dates.
        #expect(lines.first == zone)
        #expect(Array(lines.dropFirst()) == ["1 January 1970", "1 January 2019", "29 February 2000", "14 November 2023", "2023-11-14"])
    }

    /// Run by ``timeZones(zone:)`` in a child process with `TZ` set; skipped otherwise.
    @Test(.enabled(if: probeOutput != nil))
    func zoneProbe() throws {
        let lines = [
            TimeZone.current.identifier,
            HeadlineDate.text(0),
            HeadlineDate.text(1_546_300_800),
            HeadlineDate.text(951_782_400),
            HeadlineDate.text(1_700_000_000),
            HeadlineDate.machineText(1_700_000_000),
        ]
        try lines.joined(separator: "\n").write(toFile: try #require(Self.probeOutput), atomically: true, encoding: .utf8)
    }
}
