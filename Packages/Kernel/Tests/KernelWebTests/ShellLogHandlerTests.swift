import KernelWeb
import Logging
import Synchronization
import Testing

@Suite("The host's log lines")
struct ShellLogHandlerTests {
    final class Lines: TextOutputStream, Sendable {
        let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
    }

    @Test("a line carries the level, the label, the metadata set before it and the message, as StreamLogHandler writes it")
    func writesMetadata() {
        let lines = Lines()
        var logger = Logger(label: "atelier") { label in ShellLogHandler(label: label, stream: lines) }
        logger.logLevel = .warning
        logger[metadataKey: "feature"] = "tasks"
        logger[metadataKey: "hb.request.id"] = "7"
        logger.info("not written")
        logger.warning("the disk is full")
        let written = lines.text.withLock { $0 }
        #expect(!written.contains("not written"))
        #expect(written.contains("warning atelier: feature=tasks hb.request.id=7 ["))
        #expect(written.hasSuffix("] the disk is full\n"))
    }
}
