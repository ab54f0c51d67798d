import Foundation

/// The host's optional JSON config file, as far as a feature's options go: a feature's CLI command reads its options
/// from it too, so `atelier news headlines --refresh` fetches the same feed as the host.
public enum FeatureConfigFile {
    /// `$XDG_CONFIG_HOME/atelier/config.json`, or `~/.config/atelier/config.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        return (base as NSString).appendingPathComponent("atelier/config.json")
    }

    /// The options the config file at `path` (the default path when nil) gives the feature `featureID`: the object
    /// under its id, numbers and booleans as their JSON text. No file at the default path means no options.
    ///
    /// - Throws: `CommandFailure` when a file that was asked for, or that exists, cannot be read or is not JSON.
    public static func settings(for featureID: String, path: String? = nil) throws -> FeatureSettings {
        let file = path ?? defaultPath()
        guard let data = FileManager.default.contents(atPath: file) else {
            if path == nil { return FeatureSettings() }
            throw CommandFailure("The config file \(file) cannot be read.")
        }
        guard let settings = try? options(in: data) else {
            throw CommandFailure("The config file \(file) is not a JSON object.")
        }
        return settings[featureID] ?? FeatureSettings()
    }

    /// Every key of a config file's JSON object that holds an object, as the options of the feature of that name:
    /// strings as they are, numbers and booleans as their JSON text. Other keys (the host's own, a "$schema", a
    /// comment) are left out.
    ///
    /// - Throws: when `data` is not a JSON object.
    public static func options(in data: Data) throws -> [String: FeatureSettings] {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CommandFailure("The config file is not a JSON object.")
        }
        var result: [String: FeatureSettings] = [:]
        for (key, value) in root {
            guard let options = value as? [String: Any] else { continue }
            var values: [String: String] = [:]
            for (name, value) in options {
                switch value {
                case let text as String: values[name] = text
                case let number as NSNumber: values[name] = number.stringValue
                default: continue
                }
            }
            result[key] = FeatureSettings(values)
        }
        return result
    }
}
