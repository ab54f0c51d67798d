/// Decodes a flat `Decodable` type from a ``FormData``: each stored property is the field of its name, read as text
/// (`String`) or from text (`Int`, `Double`, `Bool` and any other `LosslessStringConvertible`). A missing field is
/// `nil` for an optional property; a value that does not read as its type is an error.
///
/// The one reader of forms: ``CSRFMiddleware`` parses a posted form once, checks its token, and handlers decode
/// that same ``FormData`` (see `Request.decodeForm(as:context:limit:)`).
public struct FormDecoder {
    /// A decoder.
    public init() {}

    /// Decodes `type` from `form`.
    public func decode<Value: Decodable>(_ type: Value.Type, from form: FormData) throws -> Value {
        try Value(from: FieldsDecoder(form: form))
    }
}

private struct FieldsDecoder: Decoder {
    let form: FormData
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer<Key>(form: form))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "A form is flat."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath, debugDescription: "A form is flat."))
    }
}

private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let form: FormData
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { form.fields.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool { form[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { form[key.stringValue] == nil }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        guard let text = form[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "No field \(key.stringValue)."))
        }
        if let value = text as? Value { return value }
        guard let readable = Value.self as? any LosslessStringConvertible.Type, let value = readable.init(text) as? Value
        else {
            throw DecodingError.typeMismatch(Value.self, .init(codingPath: [key], debugDescription: "Not a \(Value.self)."))
        }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: [key], debugDescription: "A form is flat."))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "A form is flat."))
    }

    func superDecoder() throws -> any Decoder { FieldsDecoder(form: form) }

    func superDecoder(forKey key: Key) throws -> any Decoder { FieldsDecoder(form: form) }
}
