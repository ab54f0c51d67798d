/// The grid's own images, drawn by code as SVG: the default source, so the grid works with no network at all.
public enum BuiltinImages {
    /// How many there are.
    public static let count = 12

    private static let names = [
        "Coral circles", "Teal waves", "Amber sun", "Indigo hills", "Rose petals", "Lime grid",
        "Ocean rings", "Plum stripes", "Sand dunes", "Sky diamonds", "Forest peaks", "Night stars",
    ]

    /// The list the grid shows: each image served by the host under `base` (`/accounts/images/builtin`).
    public static func items(base: String) -> [ImageItem] {
        (0..<count).map { ImageItem(url: "\(base)/\($0 + 1).svg", title: names[$0]) }
    }

    /// Image `number` (1…12) as an SVG document, or `nil` for any other number.
    public static func svg(_ number: Int) -> String? {
        guard (1...count).contains(number) else { return nil }
        let index = number - 1
        let hue = index * 30
        let background = "hsl(\(hue),70%,88%)"
        let ink = "hsl(\(hue),60%,38%)"
        let accent = "hsl(\((hue + 150) % 360),65%,55%)"
        var shapes = ""
        switch index % 4 {
        case 0:
            for ring in 0..<5 {
                shapes +=
                    "<circle cx=\"150\" cy=\"150\" r=\"\(120 - ring * 22)\" fill=\"\(ring % 2 == 0 ? ink : accent)\" opacity=\"0.8\"/>"
            }
        case 1:
            for band in 0..<6 {
                let y = 40 + band * 45
                shapes +=
                    "<path d=\"M0 \(y) Q75 \(y - 30) 150 \(y) T300 \(y) V300 H0 Z\" fill=\"\(band % 2 == 0 ? ink : accent)\" opacity=\"0.35\"/>"
            }
        case 2:
            for row in 0..<4 {
                for column in 0..<4 {
                    let x = 30 + column * 64
                    let y = 30 + row * 64
                    shapes +=
                        "<rect x=\"\(x)\" y=\"\(y)\" width=\"48\" height=\"48\" rx=\"\(8 + index)\" fill=\"\((row + column) % 2 == 0 ? ink : accent)\"/>"
                }
            }
        default:
            shapes += "<polygon points=\"0,300 \(60 + index * 5),\(90 + index * 4) 150,300\" fill=\"\(ink)\"/>"
            shapes += "<polygon points=\"90,300 \(200 - index * 3),60 300,300\" fill=\"\(accent)\"/>"
            shapes += "<circle cx=\"240\" cy=\"70\" r=\"28\" fill=\"\(ink)\" opacity=\"0.6\"/>"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img">\
            <title>\(names[index])</title><rect width="300" height="300" fill="\(background)"/>\(shapes)</svg>
            """
    }
}
