import Foundation
import Kernel
import KernelText
import OpenAPIRuntime

/// How every feature's generated API code writes JSON: without indentation (a list reads a quarter smaller), keys
/// sorted (the same bytes for the same data), dates as `2026-11-21T14:05:00Z` written digit by digit (the runtime's
/// own formatter took half of a list's time under load).
public enum APIConfiguration {
    /// The configuration to register a feature's operations with.
    public static let standard = Configuration(dateTranscoder: APIDates(), jsonEncodingOptions: [.sortedKeys])
}

/// Dates in the JSON API: written as ``DisplayDate/iso(_:)`` (UTC, whole seconds); read with or without fractions of a
/// second.
struct APIDates: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        DisplayDate.iso(date)
    }

    func decode(_ text: String) throws -> Date {
        do {
            return try ISO8601DateTranscoder.iso8601.decode(text)
        } catch {
            return try ISO8601DateTranscoder.iso8601WithFractionalSeconds.decode(text)
        }
    }
}
