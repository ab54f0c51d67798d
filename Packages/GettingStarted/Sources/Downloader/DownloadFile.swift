import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a download's bytes are written to as they arrive, so memory never holds more than one chunk.
///
/// Used by one task at a time; closed when dropped.
final class DownloadFile {
    private let descriptor: Int32
    let path: String

    /// Opens `path` for writing, appending to what is there when `append` is true, or emptying it otherwise.
    init(path: String, append: Bool) throws(DownloadFileError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw DownloadFileError(path: path, code: errno) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes all of `buffer` at the end of the file.
    func append(_ buffer: ByteBuffer) throws(DownloadFileError) {
        let failure: Int32? = buffer.withUnsafeReadableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return nil }
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw DownloadFileError(path: path, code: failure) }
    }

    /// The size of the file at `path`, or 0 when there is none.
    static func size(at path: String) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int64(info.st_size)
    }

    /// Deletes the file at `path`, if there is one.
    static func remove(at path: String) {
        unlink(path)
    }
}

/// A download's file could not be written.
struct DownloadFileError: Error, CustomStringConvertible {
    let path: String
    let code: Int32

    var description: String {
        "Could not write the file \(path): \(String(cString: strerror(code)))."
    }
}
