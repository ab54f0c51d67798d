import Downloader
import DownloaderTestSupport
import Foundation
import KernelEvents
import KernelStorage

// 20 parallel downloads of 10 MB each from a loopback server, through the download engine and then through curl,
// printed side by side: `bench downloads ours_MBps=<n> curl_MBps=<n> ratio=<n> rss_growth_MB=<n>`.

let count = 20
let size = 10_000_000

/// A figure from /proc/self/status, in megabytes.
func memoryFigure(_ name: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
        let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Double($0) }
        return (kilobytes ?? 0) / 1024
    }
    return 0
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}

let server = try await LoopbackHTTPServer()
let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("atelier-bench-\(getpid())")
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

// Warm up the server and the client once, so both sides start with threads and connections ready.
let database = try FeatureDatabase.inMemory(migrations: DownloadMigrations.feature)
let settings = DownloadSettings(
    maxConcurrentDownloads: count,
    maxDownloadsPerServer: count,
    maxBytes: Int64(size) * 2
)
let engine = try DownloadEngine(writer: database, directory: folder, settings: settings)
let warm = try await engine.start(server.url("/bytes?size=100000"))
_ = await engine.waitUntilFinished(id: warm.id ?? 0)

let rssBefore = memoryFigure("VmRSS")
let clock = ContinuousClock()
let started = clock.now
var ids: [Int64] = []
for _ in 0..<count { ids.append(try await engine.start(server.url("/bytes?size=\(size)")).id ?? 0) }
var ok = 0
for id in ids where await engine.waitUntilFinished(id: id)?.state == .completed { ok += 1 }
let ours = seconds(clock.now - started)
let rssPeak = memoryFigure("VmHWM")
await engine.shutdown()
guard ok == count else {
    print("bench downloads failed: only \(ok) of \(count) downloads completed")
    exit(1)
}

let curlStarted = clock.now
var processes: [Process] = []
for index in 0..<count {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "-o", "\(folder)/curl-\(index)", server.url("/bytes?size=\(size)")]
    try process.run()
    processes.append(process)
}
for process in processes { process.waitUntilExit() }
let curl = seconds(clock.now - curlStarted)
await server.stop()

let megabytes = Double(count * size) / 1_000_000
let oursRate = megabytes / ours
let curlRate = megabytes / curl
print(
    "bench downloads ours_MBps=\(format(oursRate)) curl_MBps=\(format(curlRate)) "
        + "ratio=\(String(format: "%.2f", oursRate / curlRate)) rss_growth_MB=\(format(max(0, rssPeak - rssBefore)))"
)
