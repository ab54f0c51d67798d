import Foundation

extension TaskDay {
    /// What `--date` accepts, for the message when it is something else.
    public static let acceptedWords =
        "a date as YYYY-MM-DD (2026-11-21), today, tomorrow, yesterday, or a weekday name (monday … sunday, or mon … sun)"

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The day `text` names, seen from `today`: an ISO date, `today`, `tomorrow`, `yesterday`, or a weekday name,
    /// which is the next such day (today when today is that day). Case and surrounding spaces do not matter.
    public init?(words text: String, today: TaskDay) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let day = TaskDay(isoString: word) {
            self = day
            return
        }
        switch word {
        case "today": self = today
        case "tomorrow": self = today.adding(days: 1)
        case "yesterday": self = today.adding(days: -1)
        default:
            guard word.count >= 3,
                let index = Self.weekdays.firstIndex(where: { $0 == word || ($0.hasPrefix(word) && word.count == 3) })
            else { return nil }
            let ahead = (index + 1 - today.weekday + 7) % 7
            self = today.adding(days: ahead)
        }
    }
}
