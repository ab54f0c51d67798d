import Foundation

/// Why a typed address cannot be downloaded; shown beside the URL field.
public enum DownloadURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing was typed.
    case empty
    /// The text is not an address.
    case malformed
    /// The address uses a scheme other than http or https.
    case unsupportedScheme(String)
    /// The address has no server name.
    case missingHost
    /// The address is longer than the limit.
    case tooLong(Int)

    public var description: String {
        switch self {
        case .empty: "Enter the address of a page to download."
        case .malformed: "That is not a web address. Enter one starting with http:// or https://."
        case .unsupportedScheme(let scheme):
            "Only http and https addresses can be downloaded, not \(scheme):."
        case .missingHost: "The address needs a server name, as in https://example.com/page.html."
        case .tooLong(let count):
            "Addresses can be up to \(DownloadURLValidation.maxLength) characters; this one has \(count)."
        }
    }
}

/// Checks a typed address before it is queued: only `http` and `https` URLs with a host are accepted.
public enum DownloadURLValidation {
    /// The longest address accepted.
    public static let maxLength = 2048

    /// The address in `text` (surrounding spaces ignored), or why it is refused.
    public static func validate(_ text: String) -> Result<URL, DownloadURLError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard trimmed.count <= maxLength else { return .failure(.tooLong(trimmed.count)) }
        guard let colon = trimmed.firstIndex(of: ":") else { return .failure(.malformed) }
        let scheme = trimmed[..<colon].lowercased()
        guard scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }), !scheme.isEmpty else {
            return .failure(.malformed)
        }
        guard scheme == "http" || scheme == "https" else { return .failure(.unsupportedScheme(scheme)) }
        guard let url = URL(string: trimmed), url.scheme?.lowercased() == scheme else { return .failure(.malformed) }
        guard let host = url.host, !host.isEmpty else { return .failure(.missingHost) }
        return .success(url)
    }
}
