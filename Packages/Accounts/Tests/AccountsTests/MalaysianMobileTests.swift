import Foundation
import Testing

@testable import Accounts

@Suite("Malaysian mobile numbers")
struct MalaysianMobileTests {
    /// The brief's examples and more, as typed, with what the number is stored and shown as (`nil`: refused).
    static let table: [(String, (e164: String, national: String)?)] = [
        ("012-345 6789", ("+60123456789", "012-345 6789")),
        ("+60 11-1234 5678", ("+601112345678", "011-1234 5678")),
        ("010-234 5678", ("+60102345678", "010-234 5678")),
        ("017 333 1234", ("+60173331234", "017-333 1234")),
        ("0060 12 345 6789", ("+60123456789", "012-345 6789")),
        ("0123456789", ("+60123456789", "012-345 6789")),
        ("+60123456789", ("+60123456789", "012-345 6789")),
        ("60123456789", ("+60123456789", "012-345 6789")),
        ("+60 012-345 6789", ("+60123456789", "012-345 6789")),
        ("019-876 54321", ("+601987654321", "019-8765 4321")),
        ("019-876 5432", ("+60198765432", "019-876 5432")),
        ("016-222 3333", ("+60162223333", "016-222 3333")),
        ("013-111 2222", ("+60131112222", "013-111 2222")),
        ("018-123 4567", ("+60181234567", "018-123 4567")),
        ("011-5123 4567", ("+601151234567", "011-5123 4567")),
        ("0159-123 4567", ("+601591234567", "0159-123 4567")),
        ("015-311 2345", ("+60153112345", "015-311 2345")),
        ("014-400 1234", ("+60144001234", "014-400 1234")),
        ("011-123 4567", nil),
        ("01234567890", nil),
        ("015-123 4567", nil),
        ("014-123 4567", nil),
        ("010-471 2345", nil),
        ("03-2385 6789", nil),
        ("+65 9123 4567", nil),
        ("012-345 678", nil),
        ("012-345 678901", nil),
        ("", nil),
        ("012 345 67a9", nil),
        ("(012) 345 6789", nil),
        ("012.345.6789", nil),
        ("+60 3-2385 6789", nil),
        ("0012 345 6789", nil),
        ("012-345\u{0}6789", nil),
        ("1800 88 1234", nil),
        (String(repeating: "0", count: 40) + "123456789", nil),
    ]

    @Test("the table: every example of the brief and more, stored in E.164 and shown in the national format")
    func examples() {
        #expect(Self.table.count >= 30)
        for (typed, expected) in Self.table {
            let number = MalaysianMobile(typed)
            #expect(number?.e164 == expected?.e164, "\(typed)")
            #expect(number?.national == expected?.national, "\(typed)")
        }
    }

    /// The reference table `Tests/reference/mobile_cases.py` wrote with libphonenumber (`phonenumbers` 9.0.43).
    static func referenceCases() throws -> [(typed: String, valid: Bool, e164: String, national: String)] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../reference/mobile-cases.tsv").standardized
        let text = try String(contentsOf: path, encoding: .utf8)
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1] == "valid", fields[2], fields[3])
        }
    }

    @Test("agrees with libphonenumber on every number of the reference table, valid or not, and on both forms")
    func reference() throws {
        let cases = try Self.referenceCases()
        #expect(cases.count == 4000)
        #expect(cases.filter(\.valid).count > 1000)
        var disagreements: [String] = []
        for item in cases {
            let number = MalaysianMobile(item.typed)
            if (number != nil) != item.valid || (number?.e164 ?? "") != item.e164 || (number?.national ?? "") != item.national {
                disagreements.append("\(item.typed): \(number?.e164 ?? "invalid") vs \(item.valid ? item.e164 : "invalid")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }
}

@Suite("Stored numbers")
struct StoredMobileTests {
    @Test("a stored number reads back without the pattern, as the same number")
    func stored() {
        for (typed, _) in MalaysianMobileTests.table {
            guard let number = MalaysianMobile(typed) else { continue }
            #expect(MalaysianMobile(stored: number.e164) == number)
        }
        #expect(MalaysianMobile(stored: "0123456789") == nil)
        #expect(MalaysianMobile(stored: "+6512345678") == nil)
    }
}
