import Foundation
import Testing

@testable import Accounts

@Suite("The built-in images")
struct BuiltinImagesTests {
    /// What each caption's last word says the picture holds, as the drawing writes it.
    static let drawn: [String: @Sendable (String) -> Bool] = [
        "circles": { $0.components(separatedBy: "<circle").count - 1 >= 4 },
        "waves": { $0.contains(" T") && $0.contains("stroke=") },
        "sun": { $0.contains("<circle") && $0.components(separatedBy: "rotate(").count - 1 >= 8 },
        "hills": { $0.components(separatedBy: "<path").count - 1 >= 2 },
        "petals": { $0.components(separatedBy: "<ellipse").count - 1 >= 6 },
        "grid": { $0.components(separatedBy: "<rect").count - 1 >= 17 },
        "rings": { $0.components(separatedBy: "fill=\"none\"").count - 1 >= 4 },
        "stripes": { $0.components(separatedBy: "<path").count - 1 >= 6 },
        "dunes": { $0.contains(" C") },
        "diamonds": { $0.components(separatedBy: "<polygon").count - 1 >= 6 },
        "peaks": { $0.components(separatedBy: "<polygon").count - 1 >= 2 },
        "stars": { $0.components(separatedBy: "<polygon").count - 1 >= 8 && $0.contains(",14%)") },
    ]

    /// Each caption's colour word and the hues it may be drawn in.
    static let hues: [String: ClosedRange<Int>] = [
        "Coral": 0...20, "Teal": 165...185, "Amber": 30...50, "Indigo": 230...260, "Rose": 330...350, "Lime": 70...100,
        "Ocean": 190...215, "Plum": 280...310, "Sand": 30...45, "Sky": 185...210, "Forest": 110...150, "Night": 220...250,
    ]

    @Test("each picture shows what its caption says, in the caption's colour")
    func picturesMatchTheirCaptions() throws {
        let items = BuiltinImages.items(base: "/b")
        #expect(items.count == 12)
        for (index, item) in items.enumerated() {
            let svg = try #require(BuiltinImages.svg(index + 1))
            let words = item.title.split(separator: " ").map(String.init)
            let shape = try #require(Self.drawn[words.last!.lowercased()], "no check for \(item.title)")
            #expect(shape(svg), "\(item.title) does not show \(words.last!)")
            let hue = try #require(Int(svg.components(separatedBy: "fill=\"hsl(")[1].prefix { $0.isNumber }))
            #expect(try #require(Self.hues[words[0]]).contains(hue), "\(item.title) is drawn in hue \(hue)")
            #expect(svg.contains("<title>\(item.title)</title>"))
        }
    }
}
