import Hummingbird
import KernelHTML

/// Markup rendered once into the bytes a response sends: for a part of a page that stays the same across requests
/// (the first page of a list, until it changes), kept beside the data it shows and dropped with it. A page made with
/// it (``PageRenderer/page(_:before:rendered:after:request:context:status:)``) sends these bytes without copying them.
///
/// It can only be made from ``HTML``, so it holds nothing that did not go through the writer's escaping.
public struct RenderedHTML: Sendable {
    /// The bytes, ready to send.
    let buffer: ByteBuffer

    /// `html`, rendered.
    public init(_ html: HTML) {
        buffer = ByteBuffer(bytes: html.bytes)
    }

    /// The rendered bytes, for tests and benchmarks.
    public var bytes: [UInt8] { Array(buffer.readableBytesView) }
}
