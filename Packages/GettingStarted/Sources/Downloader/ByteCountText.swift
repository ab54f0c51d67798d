/// Formats byte counts the way people read them: `0 bytes`, `512 bytes`, `1.5 KB`, `12 MB` (powers of 1,000).
public enum ByteCountText {
    /// `bytes` in words.
    public static func format(_ bytes: Int64) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}
