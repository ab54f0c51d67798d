import GRDB
import KernelEvents
import KernelStorage
import Logging

/// What the host hands a feature: its own database, the shared bus, the notice center and a logger.
public struct FeatureContext: Sendable {
    /// The feature's id.
    public let featureID: String
    /// The feature's own database (one file per feature; see `FeatureDatabase`).
    public let database: any DatabaseWriter
    /// The path of the feature's database file, or nil for an in-memory database.
    public let databasePath: String?
    /// The bus shared by the host and every feature.
    public let bus: EventBus
    /// Raises user-facing notices (inbox, live toast, desktop notification).
    public let notices: NoticeCenter
    /// A logger labelled with the feature's id.
    public let logger: Logger
    /// The values the operator gave the feature's options.
    public let settings: FeatureSettings
    /// Whether the host listens beyond this machine, so that strangers may use it (anything a feature fetches for a
    /// user must then stay off this machine and its private network).
    public let reachableFromNetwork: Bool

    /// A context for the feature `featureID`.
    public init(
        featureID: String,
        database: any DatabaseWriter,
        databasePath: String?,
        bus: EventBus,
        notices: NoticeCenter,
        logger: Logger,
        settings: FeatureSettings = FeatureSettings(),
        reachableFromNetwork: Bool = false
    ) {
        self.featureID = featureID
        self.database = database
        self.databasePath = databasePath
        self.bus = bus
        self.notices = notices
        self.logger = logger
        self.settings = settings
        self.reachableFromNetwork = reachableFromNetwork
    }
}
