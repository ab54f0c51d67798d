import ArgumentParser
import KernelBus
import KernelStorage
import ServiceLifecycle

/// What a feature plugs into Atelier: one value describing everything the host needs to run it.
///
/// The host reads features from its registry, opens each one's database, applies its migrations, starts its
/// services, keeps its bus subscriptions alive and offers its CLI commands. The web layer adds routes on top of this
/// contract (`WebFeature` in `KernelWeb`), so a core library never needs a web framework.
///
/// A new feature touches only its own package and one line of the host's registry.
public protocol Feature: Sendable {
    /// A stable, lowercase id: the prefix of the feature's routes (`/tasks`), tables (`tasks_item`), migrations
    /// (`tasks.v1`) and database file (`tasks.sqlite`).
    var id: String { get }
    /// The name shown on the launcher tile and in the header.
    var title: String { get }
    /// A short glyph for the launcher tile, drawn white on the tint (use a character common fonts have, like ✓).
    var icon: String { get }
    /// The colour of the launcher tile's icon.
    var tint: FeatureTint { get }
    /// One sentence for the launcher and `atelier features`.
    var summary: String { get }
    /// The feature's schema migrations, applied to its own database file at start-up.
    var migrations: FeatureMigrations { get }
    /// Subcommands offered by the host's CLI (`atelier tasks …`).
    var commands: [any ParsableCommand.Type] { get }

    /// Background services run for the life of the host (downloads, reminders, watchers).
    func services(context: FeatureContext) -> [any Service]
    /// Bus observers the host keeps registered for the life of the feature.
    func subscriptions(context: FeatureContext) -> [BusObservation]
    /// Called once after the database is migrated, before services start (seed data, repair, caches).
    func prepare(context: FeatureContext) throws
}

/// The palette of launcher-tile colours.
public enum FeatureTint: String, Sendable, CaseIterable {
    case blue, green, orange, red, purple, pink, teal, indigo
}

extension Feature {
    /// Blue by default.
    public var tint: FeatureTint { .blue }
    /// No migrations by default.
    public var migrations: FeatureMigrations { .none }
    /// No commands by default.
    public var commands: [any ParsableCommand.Type] { [] }
    /// No services by default.
    public func services(context: FeatureContext) -> [any Service] { [] }
    /// No subscriptions by default.
    public func subscriptions(context: FeatureContext) -> [BusObservation] { [] }
    /// Nothing to prepare by default.
    public func prepare(context: FeatureContext) throws {}
}
