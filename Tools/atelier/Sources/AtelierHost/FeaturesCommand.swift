import ArgumentParser

/// `atelier features`: lists the registry.
struct FeaturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "features",
        abstract: "List the apps this host can run."
    )

    func run() {
        let width = Registry.features.ids.map(\.count).max() ?? 0
        for feature in Registry.features.all {
            let padded = feature.id.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(feature.icon)  \(padded)  \(feature.title) — \(feature.summary)")
        }
    }
}
