import Foundation
import Hummingbird
import KernelHTML

/// The rows of a live list that changed, as a page applies them: what a list's rows address answers when asked for
/// some rows by id (`?ids=3,5`, from the ids of the feature's change event), so the page reads those rows only and
/// touches them only — as Turbo Streams or LiveView tell a page which element changed and how.
///
/// Each row is a `<template data-row="<element id>">`: holding the row as it is now, or nothing when it has left the
/// list (deleted, or moved out of the part the page shows). With `data-before="<element id>"` (empty: the end of the
/// part shown) the row goes before that row, for a list whose order a change may move it in; without, it stays where
/// it is. A page that cannot place a row (one it does not show yet, without a place) reads the whole part again.
public struct RowUpdates: Sendable {
    private var markup = HTML()

    /// No rows yet.
    public init() {}

    /// Row `elementID` as it is now, in its place (before the row `before`, or at the end when empty), or staying where
    /// it is when `before` is nil.
    public mutating func row(_ elementID: String, _ row: HTML, before: String? = nil) {
        let place: HTML? = before.map { " data-before=\"\($0)\"" }
        markup.append("<template data-row=\"\(elementID)\"\(place)>\(row)</template>\n")
    }

    /// Row `elementID` has left the list.
    public mutating func gone(_ elementID: String) {
        markup.append("<template data-row=\"\(elementID)\"></template>\n")
    }

    /// The answer to the page.
    public var response: Response { PageRenderer.html(markup) }

    /// The ids a page asks for (`?ids=3,5`), at most 100; nil when it asks for none.
    public static func ids(_ request: Request) -> [Int64]? {
        guard let text = request.uri.queryParameters.get("ids") else { return nil }
        let ids = text.split(separator: ",").compactMap { Int64($0) }.filter { $0 > 0 }
        return ids.isEmpty ? nil : Array(ids.prefix(100))
    }
}
