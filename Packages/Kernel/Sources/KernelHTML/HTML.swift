/// A piece of HTML, safe by construction: its literal segments are markup written in the source, and everything
/// interpolated into it is escaped, unless it is itself `HTML`.
///
/// ```swift
/// let row: HTML = """
///     <li class="row\(if: item.isDone, " done")" id="task-\(item.id)">
///       <a href="\(url: link)">\(item.name)</a>
///     </li>
///     """
/// ```
///
/// - A literal segment is a `StaticString`, so markup can only come from the program's own source: there is no
///   initializer that turns a run-time `String` into `HTML` without escaping it.
/// - An interpolated `String`, `Substring` or integer is escaped per Unicode scalar (see ``HTMLEscaping``), the
///   same way in text and in quoted attribute values.
/// - An interpolated `HTML` value (a row, a partial) is copied in as it is: it was escaped when it was built.
/// - `\(url:)` is the one way to write a URL into `href`, `src` or `action`: it refuses every scheme but
///   `http` and `https` (see ``HTMLURL``).
///
/// Attribute values must be written between double quotes (`class="\(name)"`); the escaping makes any value safe
/// there and in text, but not in an unquoted attribute, a tag name, a comment, or inside `<script>` or `<style>`.
public struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The UTF-8 bytes of the markup.
    public private(set) var bytes: [UInt8]

    /// Empty markup.
    public init() {
        bytes = []
    }

    /// Markup written in the source, taken as it is.
    public init(stringLiteral literal: StaticString) {
        bytes = []
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Markup built from literal segments and escaped values.
    public init(stringInterpolation: HTMLInterpolation) {
        bytes = stringInterpolation.bytes
    }

    /// The markup of every element of `parts`, one after another.
    public init<Parts: Sequence>(joining parts: Parts) where Parts.Element == HTML {
        bytes = []
        for part in parts { bytes.append(contentsOf: part.bytes) }
    }

    /// Makes room for `count` bytes of markup, so that appending up to that many copies nothing again.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Whether there is no markup at all.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Adds `other` at the end.
    public mutating func append(_ other: HTML) {
        bytes.append(contentsOf: other.bytes)
    }

    /// The markup as a string.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

}

/// How `HTML` literals are built: literal segments are appended as markup, interpolated values escaped.
public struct HTMLInterpolation: StringInterpolationProtocol {
    /// Literal segments are `StaticString`s, so only the program's own source can supply markup.
    public typealias StringLiteralType = StaticString

    var bytes: [UInt8]

    /// Room for the literal segments and a guess at the values.
    public init(literalCapacity: Int, interpolationCount: Int) {
        bytes = []
        bytes.reserveCapacity(literalCapacity + interpolationCount * 24)
    }

    /// Appends markup written in the source.
    public mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text`, escaped.
    public mutating func appendInterpolation(_ text: String) {
        HTMLEscaping.append(text, to: &bytes)
    }

    /// Appends `text`, escaped.
    public mutating func appendInterpolation(_ text: Substring) {
        HTMLEscaping.append(text, to: &bytes)
    }

    /// Appends the decimal digits of `number`.
    public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
        HTMLEscaping.appendDecimal(number, to: &bytes)
    }

    /// Appends markup built elsewhere (already escaped when it was built).
    public mutating func appendInterpolation(_ html: HTML) {
        bytes.append(contentsOf: html.bytes)
    }

    /// Appends markup built elsewhere, or nothing when it is nil.
    ///
    /// There is deliberately no overload for `String?`: `\(value.map { "<b>\($0)</b>" })` then builds `HTML` (markup
    /// with the value escaped), never a `String` that would be escaped whole, tags included. An optional string
    /// is written as `\(value ?? "")`.
    public mutating func appendInterpolation(_ html: HTML?) {
        if let html { bytes.append(contentsOf: html.bytes) }
    }

    /// Appends each piece of markup in order.
    public mutating func appendInterpolation(_ parts: [HTML]) {
        for part in parts { bytes.append(contentsOf: part.bytes) }
    }

    /// Appends the markup `render` makes of each element, in order: `\(each: rows, row)`.
    public mutating func appendInterpolation<Elements: Sequence>(
        each elements: Elements,
        _ render: (Elements.Element) -> HTML
    ) {
        for element in elements { bytes.append(contentsOf: render(element).bytes) }
    }

    /// Appends `html` when `condition` holds: `class="row\(if: isDone, " done")"`.
    public mutating func appendInterpolation(if condition: Bool, _ html: HTML) {
        if condition { bytes.append(contentsOf: html.bytes) }
    }

    /// Appends `url` for an `href`, `src` or `action` attribute: escaped, and replaced by an inert address when its
    /// scheme is anything but `http` or `https` (see ``HTMLURL/isAllowed(_:)``).
    public mutating func appendInterpolation(url: String) {
        HTMLEscaping.append(HTMLURL.isAllowed(url) ? url : HTMLURL.refused, to: &bytes)
    }
}
