import Downloader
import Foundation

/// Why a download cannot be viewed, in the viewer's words: the page says it in a message, the API in a problem.
enum ViewerRefusal: Error, CustomStringConvertible {
    /// Only completed downloads can be viewed.
    case notCompleted(DownloadState)
    /// The download completed, but its file is gone.
    case fileMissing

    var description: String {
        switch self {
        case .notCompleted(let state): "That download is \(state.label.lowercased()): only completed downloads can be viewed."
        case .fileMissing: "The downloaded file is missing. Retry the download."
        }
    }

    /// The bytes of `item` to view, or why there are none.
    static func file(of item: DownloadItem, engine: DownloadEngine) -> Result<Data, ViewerRefusal> {
        guard item.state == .completed else { return .failure(.notCompleted(item.state)) }
        guard let data = FileManager.default.contents(atPath: engine.filePath(for: item.id ?? 0)) else {
            return .failure(.fileMissing)
        }
        return .success(data)
    }
}
