/// Markup rendered once with open places for what changes without its data's change event (a running download's
/// bytes, a form's token, a gauge of the time left), each place holding what its text is written from (a download's
/// id, a slot naming the part). A cache keeps the template until the data changes; each request fills the places, so
/// no cache key holds the clock or the visitor. (Text that only moves with time is better written by the page from a
/// timestamp, as the countdown's clocks are.)
///
/// ```swift
/// var rows = HTMLTemplate<Int64>()
/// for download in downloads {
///     rows.append("<li>\(download.url) <span class=\"bytes\">", download.id, "</span></li>")
/// }
/// let html = rows.filled { id in "\(progress[id] ?? "")" }
/// ```
///
/// Its filling is `@inlinable`, so it is specialised for each kind of slot where it is used (a list of a hundred rows
/// is filled on every request).
public struct HTMLTemplate<Slot: Sendable>: Sendable {
    /// The markup between the places: one more piece than there are places.
    @usableFromInline var pieces: [HTML]
    /// What each place is written from, in order.
    public private(set) var slots: [Slot]
    /// The bytes of markup kept, places not counted.
    public private(set) var byteCount: Int

    /// Markup with no open place.
    public init(_ html: HTML = HTML()) {
        pieces = [html]
        slots = []
        byteCount = html.bytes.count
    }

    /// `before`, an open place for `slot`, then `after`.
    public init(_ before: HTML, _ slot: Slot, _ after: HTML) {
        pieces = [before, after]
        slots = [slot]
        byteCount = before.bytes.count + after.bytes.count
    }

    /// The templates one after another.
    public init<Parts: Sequence>(joining parts: Parts) where Parts.Element == HTMLTemplate {
        self.init()
        for part in parts { append(part) }
    }

    /// Adds markup with no open place at the end.
    public mutating func append(_ html: HTML) {
        pieces[pieces.count - 1].append(html)
        byteCount += html.bytes.count
    }

    /// Adds `before`, an open place for `slot`, then `after`, at the end.
    public mutating func append(_ before: HTML, _ slot: Slot, _ after: HTML) {
        append(HTMLTemplate(before, slot, after))
    }

    /// Adds `other`, its places included, at the end.
    public mutating func append(_ other: HTMLTemplate) {
        pieces[pieces.count - 1].append(other.pieces[0])
        pieces.append(contentsOf: other.pieces.dropFirst())
        slots.append(contentsOf: other.slots)
        byteCount += other.byteCount
    }

    /// The markup with each place filled by what `write` makes of its slot.
    @inlinable
    public func filled(_ write: (Slot) -> HTML) -> HTML {
        var html = HTML()
        html.reserveCapacity(byteCount + slots.count * 128)
        forEachPart(filling: write) { html.append($0) }
        return html
    }

    /// Hands `body` the markup part by part, in order, each place filled by what `write` makes of its slot: for
    /// copying it straight into a buffer.
    @inlinable
    public func forEachPart(filling write: (Slot) -> HTML, _ body: (HTML) -> Void) {
        body(pieces[0])
        var index = 0
        while index < slots.count {
            body(write(slots[index]))
            body(pieces[index + 1])
            index += 1
        }
    }
}
