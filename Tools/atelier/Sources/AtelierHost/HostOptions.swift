import ArgumentParser
import Foundation
import Kernel
import KernelStorage
import KernelWeb

/// Options shared by the host's own commands: where data lives, which features run, and an optional config file.
struct HostOptions: ParsableArguments {
    @OptionGroup var dataDirectory: DataDirectoryOptions

    @Option(help: "Comma-separated feature ids to enable (default: all). See `atelier features`.")
    var features: String?

    @Option(
        help:
            "A JSON config file with any of: features, host, port, dataDir, accessToken, pushSubject, pushPrivateKey (default: $XDG_CONFIG_HOME/atelier/config.json)."
    )
    var config: String?

    /// The config file's contents, or an empty config when there is none.
    func loadConfig() throws -> HostConfigFile {
        if let config {
            return try HostConfigFile.load(path: config)
        }
        let path = HostConfigFile.defaultPath()
        return FileManager.default.fileExists(atPath: path) ? try HostConfigFile.load(path: path) : HostConfigFile()
    }

    /// The data directory: the command line first, then the config file, then the default.
    func directory(config: HostConfigFile) -> DataDirectory {
        if dataDirectory.path != nil { return dataDirectory.directory }
        if let path = config.dataDir { return DataDirectory(path: path) }
        return .defaultLocation()
    }

    /// The enabled features: `--features` first, then the config file's `features`, else every feature.
    func enabledFeatures(config: HostConfigFile) throws -> [any WebFeature] {
        let names = features.map { $0.split(separator: ",").map(String.init) } ?? config.features
        do {
            return try Registry.features.enabled(names)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// The optional JSON config file. Every key is optional; command-line options win over it. Besides the host's own
/// keys, a key named for a feature holds that feature's options: `{"news": {"feed": "https://…", "refresh-minutes": 5}}`.
struct HostConfigFile: Decodable, Equatable {
    var features: [String]?
    var host: String?
    var port: Int?
    var dataDir: String?
    /// The access token every browser must give (required of every request when set; made up at each start when the
    /// host listens beyond loopback and none is set).
    var accessToken: String?
    /// The contact in every push notification's VAPID token (`mailto:you@example.org` or an `https:` page).
    var pushSubject: String?
    /// A VAPID private key (base64url P-256) to push with, instead of the one made at the first start.
    var pushPrivateKey: String?
    /// Feature options by feature id, then option name; numbers and booleans are kept as their JSON text.
    var featureOptions: [String: [String: String]] = [:]

    init(
        features: [String]? = nil,
        host: String? = nil,
        port: Int? = nil,
        dataDir: String? = nil,
        accessToken: String? = nil,
        featureOptions: [String: [String: String]] = [:]
    ) {
        self.features = features
        self.host = host
        self.port = port
        self.dataDir = dataDir
        self.accessToken = accessToken
        self.featureOptions = featureOptions
    }

    private enum CodingKeys: String, CodingKey {
        case features, host, port, dataDir, accessToken, pushSubject, pushPrivateKey
    }

    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        FeatureConfigFile.defaultPath(environment: environment)
    }

    static func load(path: String) throws -> HostConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("The config file \(path) cannot be read.")
        }
        do {
            var config = try JSONDecoder().decode(HostConfigFile.self, from: data)
            config.featureOptions = try FeatureConfigFile.options(in: data).mapValues(\.values)
            if let token = config.accessToken, !AccessPolicy.isUsableToken(token) {
                throw CommandFailure(
                    "The accessToken in \(path) must be 16 to 256 letters, digits, '-', '_', '.' or '~'."
                )
            }
            return config
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(
                "The config file \(path) is not valid JSON with keys features, host, port, dataDir, accessToken, and an object of options for each feature that has any."
            )
        }
    }
}
