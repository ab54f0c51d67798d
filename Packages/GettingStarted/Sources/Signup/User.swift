import Foundation

/// The user a valid sign-up form describes, ready to be sent to a server as JSON.
public struct User: Sendable, Hashable {
    public let firstName: String
    public let lastName: String
    public let dateOfBirth: DateOfBirth
    /// The password as typed: only ever in the body sent to the configured endpoint, never shown or stored.
    public let password: String

    public init(firstName: String, lastName: String, dateOfBirth: DateOfBirth, password: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.dateOfBirth = dateOfBirth
        self.password = password
    }

    /// What is sent: keys in a stable (sorted) order, the date of birth in ISO 8601 (`1990-02-03`).
    private struct Body: Encodable {
        let dateOfBirth: String
        let firstName: String
        let lastName: String
        let password: String
    }

    /// The JSON for a server, with the password (the request body of the POST to the endpoint).
    public var requestBody: Data { encode(password: password) }

    /// The same JSON for showing on a page: the password replaced by a fixed `"••••••••"`, so not even its length
    /// shows.
    public var shownJSON: String { String(decoding: encode(password: User.hiddenPassword), as: UTF8.self) }

    /// What stands for the password where the JSON is shown.
    public static let hiddenPassword = "••••••••"

    private func encode(password: String) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let body = Body(dateOfBirth: dateOfBirth.iso8601, firstName: firstName, lastName: lastName, password: password)
        return (try? encoder.encode(body)) ?? Data()
    }
}
