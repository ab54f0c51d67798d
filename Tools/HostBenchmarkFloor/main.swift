// The floor for `Scripts/bench-host`: a Hummingbird server built from the project's own Hummingbird version, with
// no middleware, answering `GET /` with "Hello, world!" and `GET /body` with a prebuilt body of `--body-bytes`
// bytes (the fair floor for a page of that size).
import Foundation
import Hummingbird
import Logging

var port = 8090
var bodyBytes = 100_000
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--port": port = Int(arguments.next() ?? "") ?? port
    case "--body-bytes": bodyBytes = Int(arguments.next() ?? "") ?? bodyBytes
    default:
        FileHandle.standardError.write(Data("usage: HostBenchmarkFloor [--port N] [--body-bytes N]\n".utf8))
        exit(2)
    }
}

let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: bodyBytes)
let router = Router()
router.get("/") { _, _ in "Hello, world!" }
router.get("/body") { _, _ in
    Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: body))
}
var logger = Logger(label: "floor")
logger.logLevel = .warning
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
try await app.runService()
