/// Derives a headline's id from its content, not its place in the feed.
///
/// The id is the 64-bit FNV-1a hash of the headline's UTF-8 bytes and its update time, as 16 lowercase hex digits:
/// the same story gets the same id on every reload and on every machine, and an edit of the introduction (the same
/// story, corrected) keeps it. Two stories with the same headline and time get `-2`, `-3`… in feed order.
public enum HeadlineID {
    /// The ids of stories given as (headline, updated) pairs, in the same order.
    public static func ids(for stories: [(headline: String, updated: Int64)]) -> [String] {
        var seen: [String: Int] = [:]
        return stories.map { story in
            let base = hash(story.headline, story.updated)
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            return count == 1 ? base : "\(base)-\(count)"
        }
    }

    /// The id of one story, when it has no twin in its feed.
    public static func hash(_ headline: String, _ updated: Int64) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        for byte in headline.utf8 { mix(byte) }
        mix(0)
        for byte in String(updated).utf8 { mix(byte) }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `text` has the shape of an id (16 hex digits, perhaps `-N`), so a typed address can be refused early.
    public static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0].utf8.count == 16,
            parts[0].utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return false }
        if parts.count == 2 {
            return (1...6).contains(parts[1].utf8.count) && parts[1].utf8.allSatisfy { (48...57).contains($0) }
        }
        return true
    }
}
