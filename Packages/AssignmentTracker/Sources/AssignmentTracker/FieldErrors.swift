/// Why a form was refused: one sentence per refused field, in the order the fields appear on the form.
public struct FieldErrors<Field: Hashable & CaseIterable & Sendable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message of each refused field.
    public let messages: [Field: String]

    /// Refusals from per-field messages.
    public init(messages: [Field: String]) {
        self.messages = messages
    }

    /// The message for `field`, or nil when it was accepted.
    public subscript(field: Field) -> String? { messages[field] }

    /// The refused fields, in form order.
    public var fields: [Field] { Field.allCases.filter { messages[$0] != nil } }

    /// Every message, in form order, separated by spaces.
    public var description: String { fields.compactMap { messages[$0] }.joined(separator: " ") }
}
