import Hummingbird
import KernelHTML

/// Markup rendered once into the bytes a response sends: for a part of a page that stays the same across requests
/// (the first page of a list, until it changes), kept beside the data it shows and dropped with it. A page made with
/// it (``PageRenderer/page(_:before:rendered:after:request:context:status:)``) sends these bytes without copying them.
///
/// It can only be made from ``HTML`` (or an ``HTMLTemplate`` of it), so it holds nothing that did not go through the writer's escaping.
public struct RenderedHTML: Sendable {
    /// The bytes, ready to send.
    @usableFromInline let buffer: ByteBuffer

    /// `buffer`, as it is.
    @usableFromInline init(buffer: ByteBuffer) {
        self.buffer = buffer
    }

    /// `html`, rendered.
    public init(_ html: HTML) {
        buffer = ByteBuffer(bytes: html.bytes)
    }

    /// `template` with its places filled by what `write` makes of their slots, copied once into the bytes to send.
    /// (`@inlinable`, so it is specialised for each kind of slot where it is used.)
    @inlinable
    public init<Slot>(_ template: HTMLTemplate<Slot>, filling write: (Slot) -> HTML) {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(template.byteCount + template.slots.count * 64)
        template.forEachPart(filling: write) { buffer.writeBytes($0.bytes) }
        self.init(buffer: buffer)
    }

    /// The rendered bytes, for tests and benchmarks.
    public var bytes: [UInt8] { Array(buffer.readableBytesView) }
}
