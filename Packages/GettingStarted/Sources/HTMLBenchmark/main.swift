import Foundation
import HTMLDocument

// Parse + extract of a ~5 MB HTML page through HTMLDocument, against the libxml2 C baseline run on the same file:
// `bench html-parse ours_MBps=<n> libxml2_MBps=<n> ratio=<n>`.
// Usage: HTMLBenchmark <path of the compiled C baseline> [rounds] [trials]

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: HTMLBenchmark BASELINE [ROUNDS] [TRIALS]\n".utf8))
    exit(2)
}
let rounds = max(1, arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5)
let trials = max(1, arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3)

/// A page of real-world shape: navigation, headings, paragraphs with inline markup and links, a table, scripts.
func samplePage(targetBytes: Int) -> String {
    var html = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Benchmark page — café</title>
        <style>body { font: 14px sans-serif }</style><script>var x = 1;</script></head><body>
        <nav><a href="/">Home</a> <a href="/about">About</a></nav>

        """
    var section = 0
    while html.utf8.count < targetBytes {
        section += 1
        html += "<section id=\"s\(section)\"><h2>Section \(section)</h2>\n"
        for paragraph in 0..<8 {
            html += "<p class=\"p\">Paragraph \(paragraph) with <b>bold</b>, <i>italic</i> and a "
            html += "<a href=\"/articles/\(section)/\(paragraph)?ref=bench&amp;x=1\">link to article \(paragraph)</a>. "
            html += "Naïve café text — “quoted” — and more words to read in the body of the page.</p>\n"
        }
        html += "<table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>\(section)</td></tr></table>\n"
        html += "<script>console.log(\(section));</script></section>\n"
    }
    return html + "</body></html>\n"
}

let page = Array(samplePage(targetBytes: 5_000_000).utf8)
let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("atelier-bench-\(getpid()).html")
try Data(page).write(to: URL(fileURLWithPath: path))
defer { try? FileManager.default.removeItem(atPath: path) }

/// Throughput of one timed measurement of `rounds` parse + summary rounds in this process, in MB/s.
func measureOurs(checksum: inout Int) throws -> Double {
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0..<rounds {
        let summary = try HTMLDocument(bytes: page).summary()
        checksum += summary.text.utf8.count + summary.links.count + summary.headings.count
    }
    let elapsed = clock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(page.count * rounds) / 1_000_000 / seconds
}

/// Throughput of one run of the C baseline (its own warm-up round, then `rounds` timed rounds), in MB/s.
func measureBaseline() -> Double {
    let output = runBaseline(arguments: [arguments[1], path, String(rounds)])
    let field = output.split(separator: " ").first { $0.hasPrefix("libxml2_MBps=") }
    guard let value = field.flatMap({ Double($0.dropFirst("libxml2_MBps=".count)) }), value > 0 else {
        print("bench html-parse failed: baseline printed \(output)")
        exit(1)
    }
    return value
}

/// Runs `arguments` (executable first) and returns what it printed.
///
/// The baseline is started with `posix_spawn` rather than Foundation's `Process`, which starts helper threads
/// that live on. Once a process has a second thread, glibc's `malloc` and `free` take an arena lock on every call,
/// and libxml2 allocates for every node: this side would then be timed multi-threaded against a single-threaded C
/// program. With `posix_spawn` both sides are timed in a single-threaded process.
func runBaseline(arguments: [String]) -> String {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
        print("bench html-parse failed: pipe")
        exit(1)
    }
    #if os(Linux)
    var actions = posix_spawn_file_actions_t()
    #else
    var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var child = pid_t()
    let spawned = posix_spawn(&child, arguments[0], &actions, nil, argv, environ)
    close(pipeEnds[1])
    guard spawned == 0 else {
        print("bench html-parse failed: cannot start \(arguments[0]) (error \(spawned))")
        exit(1)
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count > 0 {
            output += chunk[0..<count]
        } else if count == 0 || errno != EINTR {
            break
        }
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

// Both sides: one untimed warm-up round, then `rounds` timed rounds. The two sides take turns for `trials` trials,
// so a burst of load on the shared machine falls on both rather than on whichever ran second, and the median
// trial of each side is compared.
var checksum = 0
checksum += try HTMLDocument(bytes: page).summary().links.count
var ours: [Double] = []
var theirs: [Double] = []
for _ in 0..<trials {
    theirs.append(measureBaseline())
    ours.append(try measureOurs(checksum: &checksum))
}
guard checksum > 0 else {
    print("bench html-parse failed: empty summaries")
    exit(1)
}
let oursMedian = median(ours)
let theirsMedian = median(theirs)
print(
    "bench html-parse ours_MBps=\(String(format: "%.1f", oursMedian)) libxml2_MBps=\(String(format: "%.1f", theirsMedian)) "
        + "ratio=\(String(format: "%.2f", oursMedian / theirsMedian))"
)
