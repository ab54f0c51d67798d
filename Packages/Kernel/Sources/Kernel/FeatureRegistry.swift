import Foundation

/// The ordered list of features a host can run, and the choice of which are enabled.
public struct FeatureRegistry<Entry: Sendable>: Sendable {
    /// Every known feature, in launcher order.
    public let all: [Entry]
    private let id: @Sendable (Entry) -> String

    /// A registry of `all`, identified by `id`.
    public init(_ all: [Entry], id: @escaping @Sendable (Entry) -> String) {
        self.all = all
        self.id = id
    }

    /// The ids of every known feature, in order.
    public var ids: [String] { all.map(id) }

    /// The features named in `names`, in registry order; every feature when `names` is nil or empty.
    ///
    /// Names are matched without regard to case or surrounding spaces. An unknown name throws an error listing the
    /// valid ones.
    public func enabled(_ names: [String]?) throws(FeatureSelectionError) -> [Entry] {
        let wanted = (names ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        if wanted.isEmpty { return all }
        let known = Set(ids)
        let unknown = wanted.filter { !known.contains($0) }
        if !unknown.isEmpty {
            throw FeatureSelectionError(unknown: unknown, valid: ids)
        }
        return all.filter { wanted.contains(id($0)) }
    }
}

/// A feature selection named features the registry does not know.
public struct FeatureSelectionError: Error, Equatable, CustomStringConvertible {
    /// The names that matched nothing.
    public let unknown: [String]
    /// The names that would have been accepted.
    public let valid: [String]

    public var description: String {
        let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
        return "Unknown feature \(names). Valid features: \(valid.joined(separator: ", "))."
    }
}
