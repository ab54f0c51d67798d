import Foundation
import Hummingbird
import Kernel
import KernelHTTPClient
import KernelPush
import NIOCore

/// The two ends a page's "Notify me on this device" talks to: the host's VAPID public key, and the browser's push
/// subscription, kept (`POST`) and forgotten (`DELETE`), both with the page's CSRF token in `X-CSRF-Token`.
struct PushRoutes {
    let queue: PushQueue
    let settings: PushSettings
    let publicKey: String

    /// What `PushSubscription.toJSON()` gives (only what a push needs is read).
    struct SubscriptionJSON: Decodable {
        struct Keys: Decodable {
            let p256dh: String
            let auth: String
        }
        let endpoint: String
        let keys: Keys?
    }

    func add(to router: Router<AppRequestContext>) {
        router.get("/push/key") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: publicKey))
            )
        }
        router.post("/push/subscriptions") { request, context in
            let json = try await decode(request, context: context)
            guard let keys = json.keys else { return problem("The subscription has no keys.") }
            let subscription = PushQueue.Subscription(endpoint: json.endpoint, p256dh: keys.p256dh, auth: keys.auth)
            do {
                // Encrypting an empty message checks the keys as a push will use them.
                _ = try WebPushEncryption.encrypt(Data(), p256dh: keys.p256dh, auth: keys.auth)
            } catch let invalid as WebPushEncryption.InvalidKeys {
                return problem(invalid.description)
            }
            if let refusal = await refusal(of: json.endpoint) { return problem(refusal) }
            try await queue.subscribe(subscription, for: context.person)
            return answer(.created, #"{"subscribed":true}"#)
        }
        router.delete("/push/subscriptions") { request, context in
            let json = try await decode(request, context: context)
            try await queue.unsubscribe(endpoint: json.endpoint, of: context.person)
            return answer(.ok, #"{"subscribed":false}"#)
        }
    }

    private func decode(_ request: Request, context: AppRequestContext) async throws -> SubscriptionJSON {
        let body = try await request.body.collect(upTo: 16 * 1024)
        guard let json = try? JSONDecoder().decode(SubscriptionJSON.self, from: Data(buffer: body)) else {
            throw HTTPError(.badRequest, message: "Send the subscription as JSON: PushSubscription.toJSON().")
        }
        return json
    }

    /// Why the host will not push to `endpoint`, or nil when it will: https only, and on a host the network can reach,
    /// public addresses only (checked again at each send), unless the operator allowed private endpoints.
    private func refusal(of endpoint: String) async -> String? {
        guard endpoint.utf8.count <= 2048, let url = URL(string: endpoint), url.host(percentEncoded: false) != nil else {
            return "The push endpoint is not a URL."
        }
        let scheme = url.scheme?.lowercased()
        if settings.allowPrivateEndpoints { return scheme == "https" || scheme == "http" ? nil : "The push endpoint is not http(s)." }
        guard scheme == "https" else { return "The push endpoint must be https." }
        do {
            _ = try await PublicAddressCheck.publicAddresses(of: url)
            return nil
        } catch {
            return "The push endpoint is on this machine or a private network; this host pushes only to public push services."
        }
    }

    private func problem(_ message: String) -> Response {
        let text = String(data: (try? JSONSerialization.data(withJSONObject: ["message": message])) ?? Data(), encoding: .utf8) ?? "{}"
        return answer(.unprocessableContent, text)
    }

    private func answer(_ status: HTTPResponse.Status, _ json: String) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: json))
        )
    }
}
