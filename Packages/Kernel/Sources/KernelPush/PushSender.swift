import AsyncHTTPClient
import Foundation
import Kernel
import KernelHTTPClient
import Logging
import NIOCore
import NIOHTTP1

/// Sends the pushes a delivery queued (``PushQueue``): each notice, encrypted for each subscribed browser, POSTed to
/// its push service with a VAPID token (RFC 8030, 8291, 8292).
///
/// A push endpoint is a URL a browser handed the host, so unless ``PushSettings/allowPrivateEndpoints`` is set it must
/// be `https` on a public address, checked at each send and connected to the address checked (as downloads are). A
/// 404 or 410 means the browser unsubscribed: it is forgotten. A 429, a 5xx or no answer is tried again later, with
/// a longer wait each time, while the notice is within its time to live.
///
/// Pushes go through `clients`, one per push service and checked address, kept between pushes (a host keeps them as
/// a service of its own and shuts them down when it stops).
public struct PushSender: Sendable {
    let queue: PushQueue
    let settings: PushSettings
    let key: VAPIDKey
    let clients: PinnedClients
    /// Each feature's notice urgency, by feature id (``FeatureDescriptor/noticeUrgency``).
    let urgencies: [String: NoticeUrgency]
    let logger: Logger
    /// Judges one address (``PublicAddressCheck/isPublic(_:)``); a test may give another.
    var isPublic: @Sendable (String) -> Bool = PublicAddressCheck.isPublic
    /// How long a push service may take to accept the connection (tried again meanwhile).
    var connectTimeout: TimeAmount = .seconds(10)

    /// A sender for `queue` with `settings`, pushing each feature's notices with the urgency its descriptor gives,
    /// through `clients`.
    public init(
        queue: PushQueue,
        settings: PushSettings,
        features: [FeatureDescriptor],
        clients: PinnedClients,
        logger: Logger
    ) throws {
        self.queue = queue
        self.settings = settings
        self.key = try settings.key
        self.clients = clients
        self.urgencies = Dictionary(features.map { ($0.id, $0.noticeUrgency) }, uniquingKeysWith: { first, _ in first })
        self.logger = logger
    }

    /// The urgency of the notices of the feature `id` (normal for one not listed).
    func urgency(of id: String) -> NoticeUrgency { urgencies[id] ?? .normal }

    /// Sends every push due now; returns how many the push services took.
    @discardableResult
    public func sendDue(now: Date = Date()) async throws -> Int {
        var sent = 0
        for pending in try await queue.claim(now: now) {
            switch await send(pending, now: now) {
            case .sent:
                sent += 1
                try await queue.finish(pending)
            case .gone:
                try await queue.drop(endpoint: pending.subscription.endpoint)
            case .refused:
                try await queue.finish(pending)
            case .later:
                let wait = min(5 * pow(2, Double(pending.attempts)), 600)
                let expires = (pending.notice.deliveredAt ?? now).addingTimeInterval(
                    TimeInterval(urgency(of: pending.notice.featureID).timeToLive)
                )
                if now.addingTimeInterval(wait) < expires {
                    try await queue.retry(pending, at: now.addingTimeInterval(wait))
                } else {
                    try await queue.finish(pending)
                }
            }
        }
        return sent
    }

    enum Outcome { case sent, gone, refused, later }

    /// What a notice's push carries, as the service worker reads it.
    static func payload(for notice: Notice) -> Data {
        let body: [String: String] = [
            "title": notice.displayTitle,
            "body": notice.body,
            "url": notice.link.flatMap(Notice.inAppLink) ?? "/inbox",
            "tag": "notice-\(notice.id ?? 0)",
        ]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
    }

    private func send(_ pending: PushQueue.Pending, now: Date) async -> Outcome {
        let endpoint = pending.subscription.endpoint
        guard let url = URL(string: endpoint), let host = url.host(percentEncoded: false) else { return .gone }
        let scheme = url.scheme?.lowercased()
        guard scheme == "https" || (settings.allowPrivateEndpoints && scheme == "http") else {
            logger.warning("Push endpoint \(endpoint) is not https: dropped.")
            return .gone
        }
        let request: HTTPClientRequest
        do {
            request = try self.request(for: pending, to: url, now: now)
        } catch let invalid as WebPushEncryption.InvalidKeys {
            logger.warning("\(invalid.description) Dropped.")
            return .gone
        } catch {
            logger.warning("Could not make the push for notice \(pending.notice.id ?? 0): \(error)")
            return .refused
        }
        var address: String?
        if !settings.allowPrivateEndpoints {
            do {
                address = try await PublicAddressCheck.publicAddresses(of: url, isPublic: isPublic)[0]
            } catch let refused as PublicAddressRefused where refused.address == nil {
                // The name did not resolve (no network just now): not a reason to forget the device.
                logger.info("Push service \(host) could not be found: trying later.")
                return .later
            } catch {
                logger.warning("Push endpoint refused: \(host) is not a public address.")
                return .gone
            }
        }
        // Connected to the address just checked: no second lookup, so no DNS rebinding.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout.connect = connectTimeout
        let client = clients.client(host: host, address: address, configuration: configuration)
        return await post(request, with: client, host: host, pending)
    }

    /// The POST of `pending`'s notice to `url`: its headers (RFC 8030, 8292) and encrypted body (RFC 8291).
    private func request(for pending: PushQueue.Pending, to url: URL, now: Date) throws -> HTTPClientRequest {
        let kind = urgency(of: pending.notice.featureID)
        var request = HTTPClientRequest(url: pending.subscription.endpoint)
        request.method = .POST
        request.headers.add(name: "TTL", value: String(kind.timeToLive))
        request.headers.add(name: "Urgency", value: kind.rawValue)
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Authorization", value: try key.authorization(for: url, subject: settings.subject, now: now))
        let body = try WebPushEncryption.encrypt(
            Self.payload(for: pending.notice),
            p256dh: pending.subscription.p256dh,
            auth: pending.subscription.auth
        )
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    /// Sends `request` and reads what the push service's answer means.
    private func post(
        _ request: HTTPClientRequest,
        with client: HTTPClient,
        host: String,
        _ pending: PushQueue.Pending
    ) async
        -> Outcome
    {
        do {
            let response = try await client.execute(request, timeout: .seconds(15))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            switch response.status.code {
            case 200..<300: return .sent
            case 404, 410: return .gone
            case 429, 500..<600:
                logger.info("Push service answered \(response.status.code) for notice \(pending.notice.id ?? 0): trying later.")
                return .later
            default:
                logger.warning("Push service refused notice \(pending.notice.id ?? 0) with \(response.status.code).")
                return .refused
            }
        } catch {
            logger.info("Push to \(host) failed (\(error)): trying later.")
            return .later
        }
    }
}
