import Foundation
import NewsReader
import Testing

@Suite("Reading the feed")
struct NewsFeedTests {
    static func decode(_ text: String) throws(FeedError) -> [Headline] { try NewsFeed.decode(Data(text.utf8)) }

    @Test("the brief's shape decodes, newest first, extra fields ignored")
    func briefShape() throws {
        let headlines = try Self.decode(
            """
            {"headlines":[
              {"headline":"A","updated":1546300800,"introduction":"a","byline":"ignored"},
              {"headline":"B","updated":1600000000,"introduction":"b"}
            ],"version":2,"meta":{"x":[1,2]}}
            """
        )
        #expect(headlines.map(\.headline) == ["B", "A"])
        #expect(headlines[1].updated == 1_546_300_800)
        #expect(headlines[1].introduction == "a")
    }

    @Test("stories updated at the same second keep the feed's order")
    func stableOrder() throws {
        let items = (1...20).map { #"{"headline":"S\#($0)","updated":\#($0 % 3),"introduction":""}"# }
        let headlines = try Self.decode(#"{"headlines":[\#(items.joined(separator: ","))]}"#)
        let expected = (1...20).sorted { lhs, rhs in lhs % 3 != rhs % 3 ? lhs % 3 > rhs % 3 : lhs < rhs }.map { "S\($0)" }
        #expect(headlines.map(\.headline) == expected)
    }

    @Test(
        "every malformed feed is refused with one sentence saying what is wrong",
        arguments: [
            ("", FeedError.empty),
            ("  \n ", .empty),
            ("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>", .notJSON),
            ("{\"headlines\": [", .malformedJSON),
            ("[]", .missingHeadlines),
            ("{}", .missingHeadlines),
            ("{\"headlines\": {}}", .missingHeadlines),
            ("\"text\"", .missingHeadlines),
            (#"{"headlines":[{"updated":1,"introduction":"i"}]}"#, .missingField(item: 1, field: "headline")),
            (
                #"{"headlines":[{"headline":"h","updated":1,"introduction":"i"},{"headline":"h","introduction":"i"}]}"#,
                .missingField(item: 2, field: "updated")
            ),
            (#"{"headlines":[{"headline":"h","updated":null,"introduction":"i"}]}"#, .missingField(item: 1, field: "updated")),
            (
                #"{"headlines":[{"headline":"h","updated":"1","introduction":"i"}]}"#,
                .wrongType(item: 1, field: "updated", expected: "a whole number of seconds")
            ),
            (
                #"{"headlines":[{"headline":"h","updated":1.5,"introduction":"i"}]}"#,
                .wrongType(item: 1, field: "updated", expected: "a whole number of seconds")
            ),
            (
                #"{"headlines":[{"headline":"h","updated":true,"introduction":"i"}]}"#,
                .wrongType(item: 1, field: "updated", expected: "a whole number of seconds")
            ),
            (#"{"headlines":[{"headline":5,"updated":1,"introduction":"i"}]}"#, .wrongType(item: 1, field: "headline", expected: "text")),
            (#"{"headlines":["just text"]}"#, .wrongType(item: 1, field: "entry", expected: "an object")),
        ]
    )
    func malformed(text: String, error: FeedError) {
        #expect(throws: error) { try Self.decode(text) }
        #expect(error.description.hasSuffix("."))
        #expect(!error.description.contains("\n"))
    }

    @Test("a body over 5 MB is refused before it is parsed")
    func tooLarge() {
        let body = Data(repeating: 0x20, count: NewsFeed.maxBytes + 1)
        #expect(throws: FeedError.tooLarge(limit: NewsFeed.maxBytes)) { try NewsFeed.decode(body) }
        #expect(FeedError.tooLarge(limit: NewsFeed.maxBytes).description == "The news feed is larger than 5 MB, so it was not read.")
    }

    @Test("50 MB of garbage is refused quickly, without parsing it")
    func fiftyMegabytes() {
        let body = Data(repeating: UInt8(ascii: "["), count: 50 * 1_048_576)
        #expect(throws: FeedError.tooLarge(limit: NewsFeed.maxBytes)) { try NewsFeed.decode(body) }
    }
}

@Suite("Headline ids")
struct HeadlineIDTests {
    @Test("an id comes from the content: the same on every reload, whatever the position")
    func stable() throws {
        let one = try NewsFeedTests.decode(
            #"{"headlines":[{"headline":"A","updated":1,"introduction":"x"},{"headline":"B","updated":2,"introduction":"y"}]}"#
        )
        let two = try NewsFeedTests.decode(
            #"{"headlines":[{"headline":"C","updated":3,"introduction":""},{"headline":"B","updated":2,"introduction":"edited"},{"headline":"A","updated":1,"introduction":"x"}]}"#
        )
        let ids = Dictionary(uniqueKeysWithValues: one.map { ($0.headline, $0.id) })
        for headline in two where headline.headline != "C" { #expect(ids[headline.headline] == headline.id) }
        #expect(HeadlineID.isWellFormed(HeadlineID.hash("A", 1)))
        #expect(HeadlineID.hash("A", 1) != HeadlineID.hash("A", 2))
        #expect(HeadlineID.hash("A", 12) != HeadlineID.hash("A1", 2))
    }

    @Test("twins (same headline and time) get distinct ids in feed order")
    func twins() {
        let ids = HeadlineID.ids(for: [("Same", 5), ("Other", 5), ("Same", 5), ("Same", 5)])
        #expect(Set(ids).count == 4)
        #expect(ids[2] == ids[0] + "-2")
        #expect(ids[3] == ids[0] + "-3")
        #expect(ids.allSatisfy(HeadlineID.isWellFormed))
    }

    @Test("only id-shaped text is taken for an id")
    func wellFormed() {
        #expect(HeadlineID.isWellFormed("0123456789abcdef"))
        #expect(HeadlineID.isWellFormed("0123456789abcdef-12"))
        for bad in [
            "", "0123456789ABCDEF", "0123456789abcde", "0123456789abcdef-", "0123456789abcdef-x", "../etc/passwd", "0123456789abcdef-1-2",
        ] {
            #expect(!HeadlineID.isWellFormed(bad), "\(bad)")
        }
    }
}
