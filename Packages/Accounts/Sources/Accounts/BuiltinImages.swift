import Foundation

/// The grid's own images, drawn by code as SVG: the default source, so the grid works with no network at all. Each is
/// what its caption says — coral circles are coral circles, the amber sun is a sun.
public enum BuiltinImages {
    /// What one image shows.
    private enum Motif {
        case circles, waves, sun, hills, petals, grid, rings, stripes, dunes, diamonds, peaks, stars
    }

    /// Each image: its caption, its colour (a hue, and how strong) and what it shows.
    private static let images: [(name: String, hue: Int, saturation: Int, motif: Motif)] = [
        ("Coral circles", 10, 80, .circles), ("Teal waves", 175, 60, .waves), ("Amber sun", 40, 95, .sun),
        ("Indigo hills", 240, 55, .hills), ("Rose petals", 340, 75, .petals), ("Lime grid", 85, 70, .grid),
        ("Ocean rings", 205, 75, .rings), ("Plum stripes", 295, 45, .stripes), ("Sand dunes", 38, 55, .dunes),
        ("Sky diamonds", 195, 85, .diamonds), ("Forest peaks", 135, 50, .peaks), ("Night stars", 230, 50, .stars),
    ]

    /// How many there are.
    public static let count = images.count

    /// The list the grid shows: each image served by the host under `base` (`/accounts/images/builtin`).
    public static func items(base: String) -> [ImageItem] {
        images.indices.map { ImageItem(url: "\(base)/\($0 + 1).svg", title: images[$0].name) }
    }

    /// Image `number` (1…12) as an SVG document, or `nil` for any other number.
    public static func svg(_ number: Int) -> String? {
        guard (1...count).contains(number) else { return nil }
        let image = images[number - 1]
        let night = image.motif == .stars
        let background = night ? "hsl(\(image.hue),\(image.saturation)%,14%)" : "hsl(\(image.hue),\(image.saturation)%,90%)"
        let ink = "hsl(\(image.hue),\(image.saturation)%,\(night ? 92 : 45)%)"
        let light = "hsl(\(image.hue),\(image.saturation)%,\(night ? 70 : 68)%)"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img">\
            <title>\(image.name)</title><rect width="300" height="300" fill="\(background)"/>\
            \(shapes(image.motif, ink: ink, light: light))</svg>
            """
    }

    private static func shapes(_ motif: Motif, ink: String, light: String) -> String {
        var shapes = ""
        switch motif {
        case .circles:
            for (x, y, r) in [(80, 90, 50), (200, 80, 40), (150, 190, 70), (250, 230, 35), (60, 240, 30)] {
                shapes += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" fill=\"\(ink)\" opacity=\"0.75\"/>"
            }
        case .waves:
            for band in 0..<5 {
                let y = 70 + band * 45
                shapes +=
                    "<path d=\"M0 \(y) Q37 \(y - 25) 75 \(y) T150 \(y) T225 \(y) T300 \(y)\" fill=\"none\" "
                    + "stroke=\"\(band % 2 == 0 ? ink : light)\" stroke-width=\"14\" stroke-linecap=\"round\"/>"
            }
        case .sun:
            for ray in 0..<12 {
                shapes +=
                    "<rect x=\"144\" y=\"20\" width=\"12\" height=\"60\" rx=\"6\" fill=\"\(light)\" "
                    + "transform=\"rotate(\(ray * 30) 150 150)\"/>"
            }
            shapes += "<circle cx=\"150\" cy=\"150\" r=\"62\" fill=\"\(ink)\"/>"
        case .hills:
            shapes += "<path d=\"M0 210 Q80 120 160 200 T300 180 V300 H0 Z\" fill=\"\(light)\"/>"
            shapes += "<path d=\"M0 250 Q100 170 200 240 T300 230 V300 H0 Z\" fill=\"\(ink)\"/>"
        case .petals:
            for petal in 0..<8 {
                shapes +=
                    "<ellipse cx=\"150\" cy=\"85\" rx=\"30\" ry=\"62\" fill=\"\(petal % 2 == 0 ? ink : light)\" "
                    + "opacity=\"0.85\" transform=\"rotate(\(petal * 45) 150 150)\"/>"
            }
            shapes += "<circle cx=\"150\" cy=\"150\" r=\"22\" fill=\"hsl(48,95%,60%)\"/>"
        case .grid:
            for row in 0..<4 {
                for column in 0..<4 {
                    shapes +=
                        "<rect x=\"\(30 + column * 64)\" y=\"\(30 + row * 64)\" width=\"48\" height=\"48\" rx=\"6\" "
                        + "fill=\"\((row + column) % 2 == 0 ? ink : light)\"/>"
                }
            }
        case .rings:
            for ring in 0..<6 {
                shapes +=
                    "<circle cx=\"150\" cy=\"150\" r=\"\(130 - ring * 22)\" fill=\"none\" "
                    + "stroke=\"\(ring % 2 == 0 ? ink : light)\" stroke-width=\"10\"/>"
            }
        case .stripes:
            for stripe in stride(from: -300, to: 300, by: 60) {
                shapes += "<path d=\"M\(stripe) 300 L\(stripe + 300) 0 L\(stripe + 330) 0 L\(stripe + 30) 300 Z\" fill=\"\(ink)\"/>"
            }
        case .dunes:
            shapes += "<circle cx=\"230\" cy=\"70\" r=\"30\" fill=\"hsl(40,95%,60%)\"/>"
            shapes += "<path d=\"M0 190 C60 140 120 140 180 190 S270 230 300 200 V300 H0 Z\" fill=\"\(light)\"/>"
            shapes += "<path d=\"M0 240 C70 200 150 210 210 250 S280 270 300 255 V300 H0 Z\" fill=\"\(ink)\"/>"
        case .diamonds:
            for row in 0..<3 {
                for column in 0..<3 {
                    let x = 60 + column * 90
                    let y = 60 + row * 90
                    shapes +=
                        "<polygon points=\"\(x),\(y - 36) \(x + 30),\(y) \(x),\(y + 36) \(x - 30),\(y)\" "
                        + "fill=\"\((row + column) % 2 == 0 ? ink : light)\"/>"
                }
            }
        case .peaks:
            shapes += "<polygon points=\"20,260 110,70 200,260\" fill=\"\(light)\"/>"
            shapes += "<polygon points=\"110,260 200,110 290,260\" fill=\"\(ink)\"/>"
            shapes += "<polygon points=\"110,70 128,108 92,108\" fill=\"white\" opacity=\"0.9\"/>"
            shapes += "<rect y=\"258\" width=\"300\" height=\"42\" fill=\"\(ink)\"/>"
        case .stars:
            for (x, y, size) in [
                (50, 60, 9), (130, 40, 6), (220, 80, 11), (260, 30, 5), (80, 150, 7), (180, 170, 10),
                (250, 200, 6), (40, 240, 8), (140, 250, 5), (210, 260, 7),
            ] {
                shapes += "<polygon points=\"\(star(x, y, size))\" fill=\"\(ink)\"/>"
            }
            shapes += "<circle cx=\"110\" cy=\"100\" r=\"26\" fill=\"\(light)\"/>"
        }
        return shapes
    }

    /// The points of a five-pointed star at (`x`, `y`), `size` from its centre to a point.
    private static func star(_ x: Int, _ y: Int, _ size: Int) -> String {
        let outer = Double(size)
        let inner = outer * 0.45
        return (0..<10).map { index -> String in
            let angle = Double(index) * .pi / 5 - .pi / 2
            let radius = index % 2 == 0 ? outer : inner
            let px = (Double(x) + radius * cos(angle)).rounded()
            let py = (Double(y) + radius * sin(angle)).rounded()
            return "\(Int(px)),\(Int(py))"
        }.joined(separator: " ")
    }
}
