import AssignmentTracker
import Foundation
import Kernel

/// The calendar server options of `atelier serve`: `--assignments-caldav-url`, `--assignments-caldav-user` and
/// `--assignments-caldav-password-file` (or the same names under `"assignments"` in the config file).
enum CalendarServerSettings {
    static let options = [
        FeatureOption(
            "caldav-url",
            help: "A CalDAV calendar collection (http or https) that every assignment is pushed to as an event (default: none)."
        ),
        FeatureOption("caldav-user", help: "The user name for the CalDAV server."),
        FeatureOption(
            "caldav-password-file",
            help: "A file holding the CalDAV password (its first line), so the password never appears in a process list."
        ),
    ]

    /// The server the operator configured, nil when none, or a sentence saying what is wrong.
    static func server(from settings: FeatureSettings) throws(CommandFailure) -> CalendarServer? {
        guard let text = settings["caldav-url"], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw CommandFailure("The CalDAV address must be an http or https URL, like https://example.org/dav/me/assignments/.")
        }
        var password: String?
        if let file = settings["caldav-password-file"] {
            guard let contents = FileManager.default.contents(atPath: file), let text = String(data: contents, encoding: .utf8)
            else {
                throw CommandFailure("The CalDAV password file \(file) could not be read.")
            }
            // The first line, without its line ending (a file written on Windows ends it with CR LF).
            password =
                text.split(separator: "\n", omittingEmptySubsequences: false).first
                .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) } ?? ""
        }
        return CalendarServer(collection: url, user: settings["caldav-user"], password: password)
    }
}
