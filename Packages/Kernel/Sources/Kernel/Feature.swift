import ArgumentParser
import KernelStorage

/// What a feature is, in a few words and no behaviour: the value its core library exports once, so that its CLI,
/// its web library and the host all read the same id, title and migrations.
public struct FeatureDescriptor: Sendable {
    /// A stable, lowercase id: the prefix of the feature's routes (`/tasks`), tables (`tasks_item`), migrations
    /// (`tasks.v1`), static files (`/static/tasks/`) and database file (`tasks.sqlite`).
    public let id: String
    /// The name shown on the launcher tile and in the header.
    public let title: String
    /// A short glyph for the launcher tile, drawn white on the tint (use a character common fonts have, like ✓).
    public let icon: String
    /// The colour of the launcher tile's icon.
    public let tint: FeatureTint
    /// One sentence for the launcher and `atelier features`.
    public let summary: String
    /// The feature's schema migrations, applied to its own database file at start-up and by its CLI.
    public let migrations: FeatureMigrations
    /// How soon the feature's notices must reach a phone to be worth showing (a push's urgency and time to live).
    public let noticeUrgency: NoticeUrgency

    /// A descriptor.
    public init(
        id: String,
        title: String,
        icon: String,
        tint: FeatureTint = .blue,
        summary: String,
        migrations: FeatureMigrations = .none,
        noticeUrgency: NoticeUrgency = .normal
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.tint = tint
        self.summary = summary
        self.migrations = migrations
        self.noticeUrgency = noticeUrgency
    }
}

/// What a feature plugs into Atelier: its descriptor and its CLI commands. The web layer adds the runtime (routes,
/// services, live events) on top of this contract (`WebFeature` in `KernelWeb`), so a core library never needs a
/// web framework.
///
/// A new feature touches only its own package and one line of the host's registry.
public protocol Feature: Sendable {
    /// The feature's id, title, icon, tint, summary and migrations.
    var descriptor: FeatureDescriptor { get }
    /// Subcommands offered by the host's CLI (`atelier tasks …`).
    var commands: [any ParsableCommand.Type] { get }
    /// Settings the operator may give when starting the host (`atelier serve --news-feed URL`).
    var options: [FeatureOption] { get }
}

/// How soon a feature's notices must reach a phone: the `Urgency` of their pushes (RFC 8030), and how long a push
/// service keeps one for a phone that is off (its `TTL`).
public enum NoticeUrgency: String, Sendable {
    /// Worth a phone waking for, and stale within the hour: a countdown reaching zero.
    case high
    /// Worth reading within the day: a reminder, a finished download.
    case normal

    /// Seconds a push service keeps the push for a device that is not reachable.
    public var timeToLive: Int {
        switch self {
        case .high: 3600
        case .normal: 86400
        }
    }
}

/// The palette of launcher-tile colours.
public enum FeatureTint: String, Sendable, CaseIterable {
    case blue, green, orange, red, purple, pink, teal, indigo
}

extension Feature {
    /// No commands by default.
    public var commands: [any ParsableCommand.Type] { [] }
    /// No options by default.
    public var options: [FeatureOption] { [] }
    /// The descriptor's id.
    public var id: String { descriptor.id }
    /// The descriptor's title.
    public var title: String { descriptor.title }
    /// The descriptor's icon.
    public var icon: String { descriptor.icon }
    /// The descriptor's tint.
    public var tint: FeatureTint { descriptor.tint }
    /// The descriptor's summary.
    public var summary: String { descriptor.summary }
    /// The descriptor's migrations.
    public var migrations: FeatureMigrations { descriptor.migrations }
}
