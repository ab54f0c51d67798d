import Foundation
import Testing

@testable import Accounts

@Suite("Image lists and the built-in images")
struct ImageFeedTests {
    @Test("Flickr's public feed, with its \\' escapes, reads as images with titles and links; non-web addresses are dropped")
    func flickr() throws {
        let body = #"""
            ({"title": "Uploads", "items": [
              {"title": "Ana\'s cat", "link": "https://www.flickr.com/photos/ana/1/", "media": {"m": "https://live.staticflickr.com/1_m.jpg"}},
              {"title": "", "link": "javascript:alert(1)", "media": {"m": "https://live.staticflickr.com/2_m.jpg"}},
              {"title": "no image", "media": {"m": "javascript:alert(1)"}},
              {"title": "a \\'quoted\\' backslash", "media": {"m": "http://example.com/3.jpg"}}
            ]})
            """#.dropFirst().dropLast()
        let items = try ImageFeed.decode(Data(body.utf8))
        #expect(items.map(\.title) == ["Ana's cat", "Untitled photo", #"a \'quoted\' backslash"#])
        #expect(items[0].url == "https://live.staticflickr.com/1_m.jpg")
        #expect(items[0].link == "https://www.flickr.com/photos/ana/1/")
        #expect(items[1].link == nil)
    }

    @Test("the Picsum list reads as images credited to their authors")
    func picsum() throws {
        let body = #"""
            [{"id":"0","author":"Alejandro Escamilla","width":5000,"height":3333,"url":"https://unsplash.com/photos/yC-Yzbqy7PY","download_url":"https://picsum.photos/id/0/5000/3333"},
             {"id":"1","author":"","width":10,"height":10,"url":"x","download_url":"data:image/png;base64,AAAA"}]
            """#
        let items = try ImageFeed.decode(Data(body.utf8))
        #expect(
            items == [
                ImageItem(
                    url: "https://picsum.photos/id/0/5000/3333",
                    title: "Photo by Alejandro Escamilla",
                    link: "https://unsplash.com/photos/yC-Yzbqy7PY"
                )
            ]
        )
    }

    @Test("anything else is refused with a message")
    func refused() {
        #expect(throws: ImageFeed.DecodingFailure.self) { try ImageFeed.decode(Data("<html>".utf8)) }
        #expect(throws: ImageFeed.DecodingFailure.self) { try ImageFeed.decode(Data(#"{"photos": []}"#.utf8)) }
        #expect(ImageFeed.withoutQuoteEscapes(Data(#"a\\'b\'c\"#.utf8)) == Data(#"a\\'b'c\"#.utf8))
    }

    @Test("twelve built-in images, each its own SVG, numbered 1 to 12")
    func builtin() {
        let items = BuiltinImages.items(base: "/accounts/images/builtin")
        #expect(items.count == 12 && Set(items.map(\.title)).count == 12)
        let svgs = (1...12).compactMap(BuiltinImages.svg)
        #expect(svgs.count == 12 && Set(svgs).count == 12)
        #expect(svgs.allSatisfy { $0.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && $0.hasSuffix("</svg>") })
        #expect(BuiltinImages.svg(0) == nil && BuiltinImages.svg(13) == nil)
    }
}
