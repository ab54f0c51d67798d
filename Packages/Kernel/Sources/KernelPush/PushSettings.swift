import Foundation
import KernelStorage

/// What every process that sends pushes for a data directory shares, kept in its `web-push.json` (readable by its
/// owner only): the VAPID key browsers subscribed with, the contact a push service may write to, and whether push
/// endpoints on this machine or a private network are allowed. The host writes it when it starts; an
/// operating-system job delivering a notice with the host down reads it.
public struct PushSettings: Codable, Sendable, Equatable {
    /// The file's name in the data directory.
    public static let fileName = "web-push.json"
    /// The contact sent when none is configured.
    public static let defaultSubject = "mailto:atelier@localhost"

    /// The VAPID private key, base64url.
    public var privateKey: String
    /// The contact in every push's token (`mailto:` or `https:`).
    public var subject: String
    /// Whether endpoints on this machine or a private network (and plain `http`) are allowed.
    public var allowPrivateEndpoints: Bool

    /// The key pair of ``privateKey``.
    public var key: VAPIDKey {
        get throws {
            guard let key = VAPIDKey(privateKey: privateKey) else {
                throw PushSettingsError("The VAPID private key in \(Self.fileName) is not a P-256 key (base64url).")
            }
            return key
        }
    }

    /// The settings kept in `directory`, or nil when no host has started there.
    public static func load(in directory: DataDirectory) throws -> PushSettings? {
        guard let data = FileManager.default.contents(atPath: path(in: directory)) else { return nil }
        do {
            return try JSONDecoder().decode(PushSettings.self, from: data)
        } catch {
            throw PushSettingsError("\(path(in: directory)) cannot be read: \(error)")
        }
    }

    /// The settings of a host starting on `directory`: the kept key (a new one on the first start, or the one
    /// configured), with this start's contact and endpoint rule, written back.
    public static func prepare(
        in directory: DataDirectory,
        allowPrivateEndpoints: Bool,
        subject: String?,
        privateKey configured: String?
    ) throws -> PushSettings {
        let kept = try load(in: directory)
        let settings = PushSettings(
            privateKey: configured ?? kept?.privateKey ?? VAPIDKey().privateKeyText,
            subject: subject ?? kept?.subject ?? defaultSubject,
            allowPrivateEndpoints: allowPrivateEndpoints
        )
        _ = try settings.key
        if settings != kept {
            let data = try JSONEncoder().encode(settings)
            let path = path(in: directory)
            let temporary = path + ".new"
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw PushSettingsError("Cannot write \(temporary).") }
            // Renamed into place: a reader sees the old file or the new one, never half of one.
            guard rename(temporary, path) == 0 else { throw PushSettingsError("Cannot write \(path).") }
        }
        return settings
    }

    static func path(in directory: DataDirectory) -> String {
        (directory.path as NSString).appendingPathComponent(fileName)
    }
}

/// Push settings that cannot be read or used.
public struct PushSettingsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
