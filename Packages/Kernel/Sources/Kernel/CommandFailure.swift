/// A command-line failure with a message a person can act on; the CLI prints it as `Error: <message>` and exits
/// with a non-zero status, without repeating the usage text (which is for mistakes in the arguments themselves).
public struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    public let message: String

    /// A failure saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension CommandFailure {
    /// Runs `body`; an error of type `E` — a feature's own, worded for people — becomes a one-line failure instead
    /// of a dump of types. Other errors pass through.
    public static func reading<E: Error & CustomStringConvertible, T>(
        _ type: E.Type,
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as E {
            throw CommandFailure(error.description)
        }
    }
}
