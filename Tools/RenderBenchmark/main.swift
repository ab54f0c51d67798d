// Render benchmark: the task list's and the download list's rows, rendered by the pages' own code (the Kernel's
// HTML writer), beside a plain writer that appends the same markup's UTF-8 bytes by hand (the floor), in the same
// run. Prints one `bench render-…` line per case: microseconds and heap allocations per render.
import CMallocCounter
import Downloader
import DownloaderWeb
import Foundation
import KernelHTML
import TaskList
import TaskListWeb

/// The values of one row, as plain strings, for the hand-written floor.
struct PlainTaskRow {
    let id: Int64
    let name: String
    let details: String
    let isDone: Bool
    let day: String
    let dayISO: String
}

/// The floor: the same row markup as `TaskListPage.row`, appended byte by byte with the same escaping rule.
func plainTaskRows(_ rows: [PlainTaskRow]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rows.count * 1_100)
    for row in rows {
        let done = row.isDone ? "true" : "false"
        let label = row.isDone ? "Not done" : "Done"
        out.append(contentsOf: #"<li class="swipe task-row"#.utf8)
        if row.isDone { out.append(contentsOf: " done".utf8) }
        out.append(contentsOf: #"" id="task-"#.utf8)
        decimal(row.id, &out)
        out.append(contentsOf: #"" data-swipe data-task-id=""#.utf8)
        decimal(row.id, &out)
        out.append(contentsOf: #"" data-done=""#.utf8)
        out.append(contentsOf: done.utf8)
        out.append(
            contentsOf: "\">\n  <div class=\"swipe-actions\">\n    <button type=\"submit\" form=\"task-actions\" formaction=\"/tasks/".utf8
        )
        decimal(row.id, &out)
        out.append(contentsOf: #"/toggle" class="swipe-toggle"#.utf8)
        if row.isDone { out.append(contentsOf: " undo".utf8) }
        out.append(contentsOf: #"" tabindex="-1">"#.utf8)
        out.append(contentsOf: label.utf8)
        out.append(
            contentsOf:
                "</button>\n  </div>\n  <div class=\"swipe-content row\">\n    <button type=\"submit\" form=\"task-actions\" formaction=\"/tasks/"
                .utf8
        )
        decimal(row.id, &out)
        out.append(contentsOf: #"/toggle" class="check" aria-label="Mark "#.utf8)
        escape(row.name, &out)
        out.append(contentsOf: " ".utf8)
        out.append(contentsOf: label.utf8)
        out.append(contentsOf: #"" aria-pressed=""#.utf8)
        out.append(contentsOf: done.utf8)
        out.append(contentsOf: "\"></button>\n    <a class=\"row-main task-link\" href=\"/tasks/".utf8)
        decimal(row.id, &out)
        out.append(contentsOf: "\">\n      <span class=\"row-title task-name\">".utf8)
        escape(row.name, &out)
        out.append(contentsOf: "</span>\n      ".utf8)
        if !row.details.isEmpty {
            out.append(contentsOf: #"<span class="row-sub">"#.utf8)
            escape(row.details, &out)
            out.append(contentsOf: "</span>".utf8)
        }
        out.append(contentsOf: "\n    </a>\n    <time class=\"row-meta\" datetime=\"".utf8)
        escape(row.dayISO, &out)
        out.append(contentsOf: "\">".utf8)
        escape(row.day, &out)
        out.append(contentsOf: "</time>\n  </div>\n</li>\n".utf8)
    }
    return out
}

/// The floor's escaping: the same five characters, byte by byte.
@inline(__always)
func escape(_ text: String, _ out: inout [UInt8]) {
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
        default: out.append(byte)
        }
    }
}

@inline(__always)
func decimal(_ value: Int64, _ out: inout [UInt8]) {
    out.append(contentsOf: String(value).utf8)
}

/// The fastest of several rounds, in microseconds per call, and the allocations of one call.
func measure(_ iterations: Int, _ body: () -> Int) -> (micros: Double, allocations: UInt64) {
    var sink = 0
    for _ in 0..<3 { sink &+= body() }  // warm up
    var best = Double.infinity
    for _ in 0..<7 {
        let start = ContinuousClock.now
        for _ in 0..<iterations { sink &+= body() }
        let elapsed = ContinuousClock.now - start
        let micros = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
        best = min(best, micros / Double(iterations))
    }
    malloc_counter_reset()
    malloc_counter_set_enabled(true)
    sink &+= body()
    malloc_counter_set_enabled(false)
    if sink == 42 { print("") }  // keeps the work from being optimized away
    return (best, malloc_counter_count())
}

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
}

let token = String(repeating: "ab12", count: 16)
let start = Date(timeIntervalSince1970: 1_790_000_000)
let day = TaskDay(isoString: "2026-11-28")!

print("# Render benchmark: the pages' own code (KernelHTML) beside a hand-written byte writer, same markup, same run")
if !malloc_counter_is_supported() { print("# allocation counting is not supported on this platform: counts read 0") }
for count in [100, 1_000] {
    let items = (0..<count).map { (index: Int) -> TaskItem in
        TaskItem(
            id: Int64(index + 1),
            name: "Task number \(index) with a longer name & some <punctuation>",
            details: index % 3 == 0 ? "" : "Details for task \(index), written as a person would." as String,
            isDone: index % 4 == 0,
            day: day,
            createdAt: start,
            updatedAt: start
        )
    }
    let views = items.map(TaskRowView.init)
    let plain = items.map { item in
        PlainTaskRow(
            id: item.id ?? 0,
            name: item.name,
            details: item.details,
            isDone: item.isDone,
            day: item.day.displayString,
            dayISO: item.day.isoString
        )
    }
    let ours = TaskListPage.rows(views).bytes
    let floorBytes = plainTaskRows(plain)
    guard ours == floorBytes else {
        print("# the floor's markup differs from the page's: fix the benchmark")
        print(String(decoding: ours.prefix(600), as: UTF8.self))
        print(String(decoding: floorBytes.prefix(600), as: UTF8.self))
        exit(1)
    }
    let iterations = 200_000 / count
    let page = measure(iterations) { TaskListPage.rows(views).bytes.count }
    let floor = measure(iterations) { plainTaskRows(plain).count }
    print(
        "bench render-tasks-\(count) ours_us=\(format(page.micros)) floor_us=\(format(floor.micros)) "
            + "ratio=\(String(format: "%.2f", page.micros / floor.micros)) ours_allocs=\(page.allocations) "
            + "floor_allocs=\(floor.allocations) bytes=\(ours.count)"
    )
}
for count in [100, 1_000] {
    let states: [DownloadState] = [.completed, .downloading, .queued, .failed, .cancelled]
    let items = (0..<count).map { (index: Int) -> DownloadItem in
        var item = DownloadItem(url: "https://example.com/articles/\(index)?ref=feed&page=\(index % 7)", now: start)
        item.id = Int64(index + 1)
        item.state = states[index % states.count]
        item.receivedBytes = Int64(index * 1_000)
        item.totalBytes = index % 2 == 0 ? Int64(index * 2_000 + 1) : nil
        item.contentType = "text/html; charset=utf-8"
        item.failure = item.state == .failed ? "The server answered 404 Not Found." : nil
        return item
    }
    let views = items.map(DownloadRowView.init)
    let iterations = 200_000 / count
    // The rows as a request sends them: rendered, and the running downloads' bars filled in.
    let byID = Dictionary(uniqueKeysWithValues: zip(items.map { $0.id ?? 0 }, views))
    func render() -> HTML {
        DownloadListPage.rows(views).filled { id in byID[id].map(DownloadListPage.running) ?? HTML() }
    }
    let page = measure(iterations) { render().bytes.count }
    let size = render().bytes.count
    print(
        "bench render-downloads-\(count) ours_us=\(format(page.micros)) ours_allocs=\(page.allocations) bytes=\(size) "
            + "us_per_kb=\(String(format: "%.2f", page.micros / Double(size) * 1_000))"
    )
}
