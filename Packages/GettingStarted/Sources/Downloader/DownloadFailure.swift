import AsyncHTTPClient
import KernelHTTPClient
import NIOCore

/// Turns what went wrong during a transfer into a sentence for the row.
enum DownloadFailure {
    /// The sentence for an HTTP status that is not a success.
    static func status(_ code: UInt, _ reason: String) -> String {
        let reason = reason.isEmpty ? "" : " \(reason)"
        return "The server answered \(code)\(reason)."
    }

    /// The sentence for a file over the size cap.
    static func tooLarge(size: Int64?, limit: Int64) -> String {
        if let size {
            return "The file is \(ByteCountText.format(size)), over the \(ByteCountText.format(limit)) size limit."
        }
        return "The file grew past the \(ByteCountText.format(limit)) size limit."
    }

    /// The sentence for a server that sent slower than ``DownloadSettings/minimumBytesPerSecond`` over `window`, with
    /// other downloads waiting for its place or not.
    static func tooSlow(_ settings: DownloadSettings, window: Duration, othersWaiting: Bool) -> String {
        "The server sent less than \(ByteCountText.format(settings.minimumBytesPerSecond)) a second for "
            + "\(seconds(window)) seconds\(othersWaiting ? " while other downloads waited" : ""), so the download stopped "
            + "to free its place. Retry goes on from here."
    }

    /// The sentence for a network or client error.
    static func message(for error: any Error, settings: DownloadSettings) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout:
                return "The server stopped sending data for \(seconds(settings.stallTimeout)) seconds."
            case .connectTimeout:
                return "Could not connect to the server within \(seconds(settings.connectTimeout)) seconds."
            case .remoteConnectionClosed:
                return "The server closed the connection before the download finished."
            case .redirectCycleDetected:
                return "The server redirects in a loop."
            case .redirectLimitReached:
                return "The server redirected more than \(settings.maxRedirects) times."
            case .deadlineExceeded:
                return "The download took too long."
            case .invalidURL, .emptyHost, .emptyScheme:
                return "That address cannot be downloaded: \(error)."
            default:
                break
            }
        }
        if let error = error as? DownloadFileError { return error.description }
        if let error = error as? PublicAddressRefused { return error.description }
        let text = String(describing: error)
        let lowered = text.lowercased()
        if lowered.contains("connection refused") || lowered.contains("econnrefused") {
            return "The server refused the connection."
        }
        if lowered.contains("stream ended at an unexpected time") || lowered.contains("invalideofstate") {
            return "The server closed the connection before the download finished."
        }
        if lowered.contains("connection reset") || lowered.contains("econnreset") {
            return "The connection was reset before the download finished."
        }
        if lowered.contains("dns") || lowered.contains("name or service not known") || lowered.contains("resolve") {
            return "Could not find the server: its name does not resolve."
        }
        if lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") {
            return "The secure connection failed: \(text)."
        }
        return "Network error: \(text)."
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
