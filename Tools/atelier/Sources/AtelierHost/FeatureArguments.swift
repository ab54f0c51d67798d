import ArgumentParser
import Kernel
import KernelWeb

/// The features' own options on `atelier serve` (`--news-feed URL`), merged with the config file's.
enum FeatureArguments {
    /// The settings of each of `features`: the config file's values for the options each declares, overridden by
    /// `arguments` (`--<id>-<name> VALUE` or `--<id>-<name>=VALUE`).
    ///
    /// - Throws: `ValidationError` naming the flag, for a flag no feature declares, a flag without a value, or a
    ///   config key the feature does not declare.
    static func settings(
        _ arguments: [String],
        config: HostConfigFile,
        features: [any WebFeature]
    ) throws -> [String: FeatureSettings] {
        var flags: [String: (feature: String, option: String)] = [:]
        for feature in features {
            for option in feature.options { flags[option.flag(featureID: feature.id)] = (feature.id, option.name) }
        }
        let ids = Set(features.map(\.id))
        if let stray = config.featureOptions.keys.sorted().first(where: { !ids.contains($0) }) {
            throw ValidationError("The config file's \"\(stray)\" is neither a host setting nor a feature. \(known(features))")
        }
        var settings: [String: FeatureSettings] = [:]
        for feature in features {
            let declared = Set(feature.options.map(\.name))
            let given = config.featureOptions[feature.id] ?? [:]
            if let unknown = given.keys.sorted().first(where: { !declared.contains($0) }) {
                throw ValidationError("The config file's \"\(feature.id)\" has no option \"\(unknown)\". \(known(features))")
            }
            settings[feature.id] = FeatureSettings(given)
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let (flag, inline) = split(argument)
            guard let target = flags[flag] else {
                throw ValidationError("Unknown option \(flag). \(known(features))")
            }
            let value: String
            if let inline {
                value = inline
            } else if index + 1 < arguments.count {
                index += 1
                value = arguments[index]
            } else {
                throw ValidationError("The option \(flag) needs a value.")
            }
            settings[target.feature, default: FeatureSettings()].values[target.option] = value
            index += 1
        }
        return settings
    }

    /// The help text listing every feature option, for `atelier serve --help`.
    static func help(_ features: [any WebFeature]) -> String {
        let lines = features.flatMap { feature in
            feature.options.map { "  \($0.flag(featureID: feature.id)) VALUE\n        \($0.help)" }
        }
        guard !lines.isEmpty else { return "" }
        return "Feature options (also in the config file as {\"<feature>\": {\"<option>\": VALUE}}):\n"
            + lines.joined(separator: "\n")
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func known(_ features: [any WebFeature]) -> String {
        let flags = features.flatMap { feature in feature.options.map { $0.flag(featureID: feature.id) } }
        return flags.isEmpty ? "The enabled features take no options." : "Feature options: \(flags.joined(separator: ", "))."
    }
}
