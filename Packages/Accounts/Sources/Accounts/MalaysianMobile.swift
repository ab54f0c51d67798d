import Foundation

/// A Malaysian mobile number, decided exactly as libphonenumber decides it (its metadata for MY: a national number
/// of 9 or 10 digits matching the mobile pattern below), stored in E.164 (`+60123456789`) and shown in the national
/// format (`012-345 6789`).
///
/// Accepted as typed with spaces and dashes, and a leading trunk `0`, `+60`, `0060`, `60`, `+60 0` or nothing
/// before the national number: the forms libphonenumber reads for the region MY. The table in the tests compares
/// this with the `phonenumbers` library over thousands of generated numbers.
public struct MalaysianMobile: Sendable, Hashable {
    /// The national significant number: 9 or 10 digits, starting with 1.
    public let nationalNumber: String

    /// libphonenumber's mobile pattern for MY (metadata of `phonenumbers` 9.0.43).
    /// Compiled once (ICU's engine, through Foundation), anchored at both ends.
    static let mobilePattern = try! NSRegularExpression(
        pattern:
            #"^(?:1(?:(?:1888[689]|4400|8(?:47|8[27])[0-4])\d{4}|9\d{7,8})|1(?:0(?:[23568]\d|4[0-6]|7[016-9]|9[0-8])|1(?:[1-5]\d\d|6(?:0[5-9]|[1-9]\d)|7(?:[0-4]\d|5[0-79]|6[02-4]|8[02-5]))|(?:[26]\d|[37][1-9]|4[235-9])\d|5(?:31|9\d\d)|8(?:1[23]|[236]\d|4[06]|5(?:46|[7-9])|7[016-9]|8[01]|9[0-8]))\d{5})$"#
    )

    /// The number `text` names, or `nil` when it is not a Malaysian mobile number.
    public init?(_ text: String) {
        guard text.utf8.count <= TextField.maxMobileBytes else { return nil }
        var digits = Substring(
            String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "-" }))
        )
        if digits.hasPrefix("+60") {
            digits = digits.dropFirst(3)
        } else if digits.hasPrefix("0060") {
            digits = digits.dropFirst(4)
        } else if digits.hasPrefix("60") {
            digits = digits.dropFirst(2)
        }
        if digits.hasPrefix("0") { digits = digits.dropFirst() }
        guard digits.utf8.count == 9 || digits.utf8.count == 10,
            digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            Self.matches(String(digits))
        else { return nil }
        nationalNumber = String(digits)
    }

    /// The number stored as `e164` (`+60` and a national number this type accepted before), read without checking
    /// it again: for showing stored numbers, which happens on every page that shows one.
    public init?(stored e164: String) {
        guard e164.hasPrefix("+60"), e164.utf8.count == 12 || e164.utf8.count == 13 else { return nil }
        nationalNumber = String(e164.dropFirst(3))
    }

    private static func matches(_ digits: String) -> Bool {
        mobilePattern.firstMatch(in: digits, range: NSRange(location: 0, length: digits.utf16.count)) != nil
    }

    /// The stored form: `+60` and the national number.
    public var e164: String { "+60" + nationalNumber }

    /// The national format, as libphonenumber writes it: `012-345 6789`, `011-1234 5678`, `0159-123 4567`.
    public var national: String {
        // 9 or 10 bytes (both initialisers see to that), digits as this type stores them: its bytes are its characters.
        let digits = Array(nationalNumber.utf8)
        func part(_ range: Range<Int>) -> String { String(decoding: digits[range], as: UTF8.self) }
        if digits.count == 9 { return "0\(part(0..<2))-\(part(2..<5)) \(part(5..<9))" }
        if nationalNumber.hasPrefix("15") { return "0\(part(0..<3))-\(part(3..<6)) \(part(6..<10))" }
        return "0\(part(0..<2))-\(part(2..<6)) \(part(6..<10))"
    }
}
