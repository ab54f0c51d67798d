import Testing

@testable import Downloader

@Suite("Content-Range headers")
struct ContentRangeTests {
    @Test("the forms servers send are read")
    func valid() {
        let read = { (header: String) in ContentRange(header).map { [$0.start, $0.total] } }
        #expect(read("bytes 100-199/1000") == [100, 1000])
        #expect(read("bytes 100-199/*") == [100, nil])
        #expect(read("bytes */1000") == [nil, 1000])
        #expect(read("Bytes=5-9/10") == [5, 10])
    }

    /// Each was once accepted; the first was found by the `download-input` fuzz target (its input is in its corpus).
    @Test(
        "a range outside its file, backwards, or with a sign is refused",
        arguments: [
            "bytes 1001-99/1000", "bytes 5-4/10", "bytes 5-10/10", "bytes 0-9/-10", "bytes +5-9/10", "bytes 5-+9/10",
            "bytes -5-9/10", "bytes 5-/10", "bytes 5-9/", "bytes 5-9", "bits 5-9/10", "bytes 99999999999999999999-1/2",
        ]
    )
    func invalid(_ header: String) {
        #expect(ContentRange(header) == nil)
    }
}
