/// The sign-up form's gender choices, in the order the drop-down lists them.
public enum Gender: String, Sendable, Hashable, Codable, CaseIterable {
    case female
    case male
    case preferNotToSay = "prefer-not-to-say"

    /// What the drop-down shows.
    public var label: String {
        switch self {
        case .female: "Female"
        case .male: "Male"
        case .preferNotToSay: "Prefer not to say"
        }
    }
}
