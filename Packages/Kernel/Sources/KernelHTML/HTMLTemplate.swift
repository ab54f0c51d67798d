/// Markup rendered once with open places for what changes from one moment to the next without the data changing (a
/// running clock, the time left until a due date, a download's progress), each place holding what its text is written
/// from (a deadline, a due date, a download's id). A cache keeps the template until the data changes; each request
/// fills the places at its own moment, so no cache key holds the clock and no reader sees text older than the request.
///
/// ```swift
/// var rows = HTMLTemplate<Date>()
/// for countdown in countdowns {
///     rows.append("<li>\(countdown.title) <span role=\"timer\">", countdown.deadline, "</span></li>")
/// }
/// let html = rows.filled { deadline in "\(clock(deadline.timeIntervalSince(now)))" }
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
