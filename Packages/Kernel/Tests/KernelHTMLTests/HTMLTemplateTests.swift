import KernelHTML
import Testing

@Suite("HTML templates")
struct HTMLTemplateTests {
    @Test("each open place is filled at the time of filling, in order, between the markup kept")
    func filledInOrder() {
        var rows = HTMLTemplate<Int>("<ul>")
        for (name, due) in [("Essay", 3), ("Lab", 1)] {
            rows.append("<li>\(name) <span>", due, "</span></li>")
        }
        rows.append("</ul>")
        #expect(rows.slots == [3, 1])
        #expect(
            rows.filled { "\($0 * 10) days" }.description == "<ul><li>Essay <span>30 days</span></li><li>Lab <span>10 days</span></li></ul>"
        )
        // Filled again later, the same markup with other text in its places.
        #expect(rows.filled { "\($0)" }.description == "<ul><li>Essay <span>3</span></li><li>Lab <span>1</span></li></ul>")
    }

    @Test("templates join with their places; one with none is its markup")
    func joining() {
        let parts = [HTMLTemplate<String>("<b>", "a", "</b>"), HTMLTemplate("<hr>"), HTMLTemplate("<i>", "b<", "</i>")]
        let joined = HTMLTemplate(joining: parts)
        #expect(joined.slots == ["a", "b<"])
        #expect(joined.filled { "\($0)" }.description == "<b>a</b><hr><i>b&lt;</i>")
        #expect(HTMLTemplate<Int>("<p>x</p>").filled { _ in "never" }.description == "<p>x</p>")
    }
}
