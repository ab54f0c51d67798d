import Downloader
import Testing

@Suite("Download address validation")
struct DownloadURLValidationTests {
    @Test("http and https addresses are accepted, trimmed", arguments: ["http://example.com", " https://example.com/a?b=c "])
    func accepted(text: String) throws {
        let url = try DownloadURLValidation.validate(text).get()
        #expect(url.host == "example.com")
    }

    @Test("other schemes are refused by name")
    func otherSchemes() {
        #expect(DownloadURLValidation.validate("ftp://example.com/x") == .failure(.unsupportedScheme("ftp")))
        #expect(DownloadURLValidation.validate("javascript:alert(1)") == .failure(.unsupportedScheme("javascript")))
        #expect(DownloadURLValidation.validate("file:///etc/passwd") == .failure(.unsupportedScheme("file")))
        #expect(DownloadURLError.unsupportedScheme("ftp").description == "Only http and https addresses can be downloaded, not ftp:.")
    }

    @Test("empty, schemeless, hostless and overlong text is refused")
    func malformed() {
        #expect(DownloadURLValidation.validate("   ") == .failure(.empty))
        #expect(DownloadURLValidation.validate("example.com") == .failure(.malformed))
        #expect(DownloadURLValidation.validate("http://") == .failure(.missingHost))
        let long = "http://example.com/" + String(repeating: "a", count: 3000)
        #expect(DownloadURLValidation.validate(long) == .failure(.tooLong(long.count)))
    }

    @Test("byte counts read the way people say them")
    func byteCounts() {
        #expect(ByteCountText.format(0) == "0 bytes")
        #expect(ByteCountText.format(1) == "1 byte")
        #expect(ByteCountText.format(1500) == "1.5 KB")
        #expect(ByteCountText.format(50_000_000) == "50 MB")
        #expect(ByteCountText.format(12_345_678) == "12 MB")
    }
}
