/// The limits every download runs under.
public struct DownloadSettings: Sendable, Equatable {
    /// The most downloads running at once, across all servers.
    public var maxConcurrentDownloads: Int
    /// The most downloads running at once from one server.
    public var maxDownloadsPerServer: Int
    /// The largest file accepted; a bigger one fails its row with a reason.
    public var maxBytes: Int64
    /// How long to wait for a connection.
    public var connectTimeout: Duration
    /// How long a body may stay silent before the download fails as stalled.
    public var stallTimeout: Duration
    /// The most redirects followed.
    public var maxRedirects: Int
    /// The shortest time between two progress notifications of one download.
    public var progressInterval: Duration
    /// How long a running download's lease lasts: a download whose owner has not renewed it for this long is
    /// Interrupted (its process stopped without saying so).
    public var leaseDuration: Duration
    /// How often a process renews the leases of its downloads and looks for lapsed ones.
    public var leaseRenewal: Duration
    /// Whether downloads may only reach public addresses (see `PublicAddressCheck`): set for a host anyone on the
    /// network can use.
    public var publicAddressesOnly: Bool
    /// Servers downloads may reach even when ``publicAddressesOnly`` is set: host names or addresses, as written in
    /// the download's address.
    public var allowedPrivateHosts: Set<String> = []
    /// The slowest a download may go, in bytes a second averaged over each ``slowWindow``: a server that trickles (a
    /// byte a second never trips ``stallTimeout``) would otherwise hold a download's place for ever. A file that
    /// arrives whole within one window is never judged, so small downloads always get through.
    public var minimumBytesPerSecond: Int64 = 1_024
    /// How long a download's pace is measured before it is judged against ``minimumBytesPerSecond``.
    public var slowWindow: Duration = .seconds(60)
    /// The same, while other downloads wait for a place: four trickling servers would otherwise keep a fifth download
    /// waiting a whole ``slowWindow``. A download already measured this long is judged as soon as one waits.
    public var slowWindowWhenWaiting: Duration = .seconds(20)

    /// The defaults: 4 at once, 2 per server, 50 MB, 10 s to connect, 30 s of silence, 10 redirects, 4 updates a
    /// second, a 3 s lease renewed every second.
    public init(
        maxConcurrentDownloads: Int = 4,
        maxDownloadsPerServer: Int = 2,
        maxBytes: Int64 = 50_000_000,
        connectTimeout: Duration = .seconds(10),
        stallTimeout: Duration = .seconds(30),
        maxRedirects: Int = 10,
        progressInterval: Duration = .milliseconds(250),
        leaseDuration: Duration = .seconds(3),
        leaseRenewal: Duration = .seconds(1),
        publicAddressesOnly: Bool = false
    ) {
        self.maxConcurrentDownloads = max(1, maxConcurrentDownloads)
        self.maxDownloadsPerServer = max(1, maxDownloadsPerServer)
        self.maxBytes = max(1, maxBytes)
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.maxRedirects = max(0, maxRedirects)
        self.progressInterval = progressInterval
        self.leaseDuration = leaseDuration
        self.leaseRenewal = min(leaseRenewal, leaseDuration)
        self.publicAddressesOnly = publicAddressesOnly
    }

    /// The defaults, with the size cap and concurrency taken from `ATELIER_DOWNLOADS_MAX_MB` and
    /// `ATELIER_DOWNLOADS_CONCURRENT` when they hold positive whole numbers.
    public static func fromEnvironment(_ environment: [String: String]) -> DownloadSettings {
        var settings = DownloadSettings()
        if let text = environment["ATELIER_DOWNLOADS_MAX_MB"], let megabytes = Int64(text), megabytes > 0 {
            settings.maxBytes = megabytes * 1_000_000
        }
        if let text = environment["ATELIER_DOWNLOADS_CONCURRENT"], let count = Int(text), count > 0 {
            settings.maxConcurrentDownloads = count
        }
        return settings
    }
}
