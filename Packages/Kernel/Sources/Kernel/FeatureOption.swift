/// A setting a feature reads when the host starts, such as the address of a feed.
///
/// The operator gives it as `atelier serve --<feature id>-<name> VALUE`, or in the config file as
/// `{"<feature id>": {"<name>": VALUE}}`; the command line wins. A feature declares its options in
/// ``Feature/options`` and reads the values from ``FeatureContext/settings``.
public struct FeatureOption: Sendable, Hashable {
    /// The option's name within the feature, lowercase words joined by dashes (`feed`, `refresh-minutes`).
    public let name: String
    /// One sentence for `atelier serve --help`, saying the default.
    public let help: String

    /// An option called `name`.
    public init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }

    /// The command-line flag for this option of the feature `featureID`: `--news-feed`.
    public func flag(featureID: String) -> String { "--\(featureID)-\(name)" }
}

/// The values an operator gave a feature's options (see ``FeatureOption``); options left unset are absent.
public struct FeatureSettings: Sendable, Hashable {
    /// The values by option name.
    public var values: [String: String]

    /// Settings holding `values`.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of the option `name`, or nil when it was not given.
    public subscript(name: String) -> String? { values[name] }
}
