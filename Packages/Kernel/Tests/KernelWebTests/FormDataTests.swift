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
}
