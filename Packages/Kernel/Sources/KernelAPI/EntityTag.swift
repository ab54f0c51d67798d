import Foundation

/// The `ETag` and `If-Match` of the JSON API (RFC 9110), over the version a feature's core gives its records.
public enum EntityTag {
    /// `version` as an `ETag` header value (a strong tag).
    public static func header(_ version: String) -> String {
        "\"\(version)\""
    }

    /// What an `If-Match` header asks of a change: `.any` for no header or `*`, the one version a strong tag names,
    /// or `.none` for anything else (a weak tag, which never matches, as RFC 9110 asks of `If-Match`; a list; no tag).
    public static func condition(_ ifMatch: String?) -> Condition {
        guard let ifMatch else { return .any }
        let tag = ifMatch.trimmingCharacters(in: .whitespaces)
        if tag == "*" { return .any }
        let inner = tag.dropFirst().dropLast()
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\""), !inner.contains("\""), !inner.contains(",") else {
            return .none
        }
        return .version(String(inner))
    }

    /// The one version an `If-Match` header asks a change to be made from: nil when any will do (no header, or `*`).
    ///
    /// - Throws: ``APIProblem`` (400) for a header this host never gives (a weak tag, a list, a tag without quotes).
    public static func version(ifMatch: String?) throws -> String? {
        switch condition(ifMatch) {
        case .any: nil
        case .version(let named): named
        case .none: throw APIProblem(.badRequest, title: "If-Match takes the ETag a read gave (in its quotes), or *.")
        }
    }

    /// What a change was asked to be made from.
    public enum Condition: Sendable, Hashable {
        /// Whatever the record is now.
        case any
        /// This version of the record, and no other.
        case version(String)
        /// Nothing this host gives: the request is malformed.
        case none
    }
}
