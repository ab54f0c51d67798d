import HTTPTypes
import Hummingbird
import KernelWeb
import Testing

@Suite("Reading one cookie")
struct RequestCookieTests {
    func request(_ fields: [String]) -> Request {
        var headers = HTTPFields()
        for field in fields { headers.append(HTTPField(name: .cookie, value: field)) }
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/", headerFields: headers)
        return Request(head: head, body: .init(buffer: ByteBuffer()))
    }

    @Test("finds a cookie by its whole name, first to last, across Cookie fields, with spaces around")
    func finds() {
        let one = request(["atelier_csrf=abc123; atelier_account=tok-_en; atelier_flash="])
        #expect(one.cookie("atelier_csrf") == "abc123")
        #expect(one.cookie("atelier_account") == "tok-_en")
        #expect(one.cookie("atelier_flash") == "")
        #expect(one.cookie("atelier") == nil)
        #expect(one.cookie("account") == nil)
        #expect(one.cookie("missing") == nil)
        let split = request(["a=1", "  atelier_account=xyz  ;b=2"])
        #expect(split.cookie("atelier_account") == "xyz")
        #expect(split.cookie("b") == "2")
        #expect(request([]).cookie("a") == nil)
        #expect(request([";;; =x; a"]).cookie("a") == nil)
        #expect(request(["x=a=b"]).cookie("x") == "a=b")
    }

    @Test("agrees with Hummingbird's own parsing on the cookies the shell sets")
    func agrees() {
        let header = "atelier_csrf=0f3c; atelier_flash=eyJraW5kIjoic3VjY2VzcyJ9; atelier_account=Zm9v-YmFy_YmF6"
        let parsed = request([header])
        for name in ["atelier_csrf", "atelier_flash", "atelier_account", "other"] {
            #expect(parsed.cookie(name) == parsed.cookies[name]?.value, "\(name)")
        }
    }
}
