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
