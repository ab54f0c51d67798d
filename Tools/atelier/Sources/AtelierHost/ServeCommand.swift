import ArgumentParser
import Foundation
import Hummingbird
import Kernel
import KernelStorage
import KernelWeb
import Logging
import NIOCore

/// `atelier serve`: runs the web app until SIGINT or SIGTERM, then shuts down gracefully.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web app (stop it with Ctrl-C).",
        discussion: FeatureArguments.help(Registry.features.all)
    )

    @Option(help: "The address to listen on.")
    var host: String?

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int?

    @Flag(
        help: """
            Let browsers subscribe to notifications with a push service on this machine or a private network (or over             plain http): for tests, and for a push service on your own network.
            """
    )
    var pushAllowPrivateEndpoints = false

    @Option(help: "A PEM certificate (chain) to serve HTTPS with; give --tls-key too.")
    var tlsCertificate: String?

    @Option(help: "The PEM private key of --tls-certificate.")
    var tlsKey: String?

    @OptionGroup var options: HostOptions

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var featureArguments: [String] = []

    func run() async throws {
        let config = try options.loadConfig()
        let features = try options.enabledFeatures(config: config)
        let featureSettings = try FeatureArguments.settings(featureArguments, config: config, features: Registry.features.all)
        let host = self.host ?? config.host ?? "127.0.0.1"
        let port = self.port ?? config.port ?? 8080
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("Give both --tls-certificate and --tls-key, or neither.")
        }
        let tls = tlsCertificate.flatMap { certificate in tlsKey.map { TLSFiles(certificate: certificate, key: $0) } }
        let scheme = tls == nil ? "http" : "https"
        let access = AccessPolicy.forListening(on: host, configuredToken: config.accessToken)
        var logger = Logger(label: "atelier", factory: ShellLogHandler.init(label:))
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info

        let configuration = ShellConfiguration(
            host: host,
            port: port,
            dataDirectory: options.directory(config: config),
            logger: logger,
            featureSettings: featureSettings,
            access: access,
            push: PushOptions(
                allowPrivateEndpoints: pushAllowPrivateEndpoints,
                subject: config.pushSubject,
                privateKey: config.pushPrivateKey
            ),
            tls: tls,
            apiDocument: Bundle.module.url(forResource: "openapi", withExtension: "yaml").flatMap {
                try? String(contentsOf: $0, encoding: .utf8)
            },
            onServerRunning: { port in
                var lines = "Atelier is running at \(scheme)://\(host):\(port)/ (data in \(options.directory(config: config)))\n"
                if let token = access.token {
                    lines += Self.tokenAdvice(
                        scheme: scheme,
                        host: host,
                        port: port,
                        token: token,
                        configured: config.accessToken != nil
                    )
                }
                FileHandle.standardOutput.write(Data(lines.utf8))
            }
        )
        do {
            let app = try await buildApplication(features: features, configuration: configuration)
            try await app.runService()
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CommandFailure("Port \(port) on \(host) is already in use. Stop the other server, or choose another port with --port.")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw CommandFailure("The address \(host) is not available on this machine. Try --host 127.0.0.1.")
        }
    }

    /// What the operator needs to open a host that asks for its token.
    static func tokenAdvice(scheme: String = "http", host: String, port: Int, token: String, configured: Bool) -> String {
        let reachable = AccessPolicy.isLoopbackAddress(host) ? "" : "It can be reached from the network, so e"
        var text = reachable.isEmpty ? "E" : reachable
        // A wildcard address is no address to open: name the machine instead.
        let name = ["0.0.0.0", "::", "[::]"].contains(host) ? ProcessInfo.processInfo.hostName : host
        let shown = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
        text += "very browser must give its access token once. Open:\n  \(scheme)://\(shown):\(port)/?token=\(token)\n"
        if !configured {
            text += "The token is new at each start; set \"accessToken\" in the config file to keep one.\n"
        }
        return text
    }
}
