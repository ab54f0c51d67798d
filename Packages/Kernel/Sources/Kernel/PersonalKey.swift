import KernelStorage

/// A cache key of one person's: what a cache keeps under it (a row for an edit page, a rendered page) is never handed
/// to another person asking with the same `key`.
///
/// ```swift
/// let items = CachedValues<PersonalKey<Int64>, TaskItem>(limit: 1_000)
/// let item = try await items.value(for: PersonalKey(owner: tasks.owner, key: id)) { try await tasks.find(id: id) }
/// ```
public struct PersonalKey<Key: Hashable & Sendable>: Hashable, Sendable {
    /// The person whose value it is.
    public var owner: PersonID
    /// What the value is, within that person's.
    public var key: Key

    /// `key`, of `owner`'s.
    public init(owner: PersonID, key: Key) {
        self.owner = owner
        self.key = key
    }
}
