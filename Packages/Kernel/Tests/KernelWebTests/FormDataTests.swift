import KernelWeb
import Testing

@Suite("Form data")
struct FormDataTests {
    @Test("decodes plus as space and percent escapes as UTF-8")
    func decoding() {
        let form = FormData("name=Caf%C3%A9+au+lait&empty=&flag")
        #expect(form["name"] == "Café au lait")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
        #expect(form.string("missing") == "")
    }

    @Test("keeps the first of repeated fields and tolerates bad escapes")
    func repeatsAndBadEscapes() {
        let form = FormData("a=1&a=2&b=%ZZ")
        #expect(form["a"] == "1")
        #expect(form.fields.count == 3)
        #expect(form["b"] == "%ZZ")
    }

    struct Fields: Decodable, Equatable {
        var name: String?
        var count: Int?
        var ratio: Double?
        var missing: String?
    }

    @Test("FormDecoder reads each property from the field of its name, text or from text; a missing field is nil")
    func formDecoder() throws {
        let fields = try FormDecoder().decode(Fields.self, from: FormData("name=Caf%C3%A9&count=3&ratio=0.5&_csrf=x"))
        #expect(fields == Fields(name: "Café", count: 3, ratio: 0.5, missing: nil))
        #expect(throws: DecodingError.self) { try FormDecoder().decode(Fields.self, from: FormData("count=three")) }
    }
}
