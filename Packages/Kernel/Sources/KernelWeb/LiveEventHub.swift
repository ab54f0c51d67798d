import Foundation
import Kernel
import KernelEvents
import KernelStorage
import Logging
import ServiceLifecycle
import Synchronization

/// Forwards chosen bus notifications to every open page as Server-Sent Events: each event to the pages of its
/// ``LiveEvent/audience`` (the person whose rows changed), or to every page when it is everybody's.
///
/// Each connected page is one subscriber with its own stream of at most ``bufferLimit`` chunks waiting to be written:
/// a page that stops reading (a stalled or hostile client) is dropped when its stream is full, rather than held in
/// memory without end; a real browser reconnects and reloads what it shows. A subscriber is also dropped as soon as its
/// connection ends (the next write fails — a heartbeat comment is written every `heartbeat`, 5 s by default, so that
/// even an idle disconnect is noticed: the server keeps a connection whose client has only half-closed it until a write
/// fails), so a closed tab costs nothing a few seconds later. On shutdown every stream is finished, letting
/// the server close the connections and stop promptly.
public final class LiveEventHub: Service, Sendable {
    /// One event as sent to the browser.
    public struct Event: Sendable, Equatable {
        /// The bus notification's name (`tasks.changed`).
        public let name: String
        /// The message as JSON (`JSONEncoder`, sorted keys), plus its `name` and a `toast` text when there is one.
        public let json: String

        /// The event in the `text/event-stream` wire format.
        public var wireFormat: String { "event: \(name)\ndata: \(json)\n\n" }

        /// The same data as a `toast` event, which every page listens for.
        var toastFormat: String { "event: toast\ndata: \(json)\n\n" }
    }

    private struct Subscriber {
        let person: PersonID
        let continuation: AsyncStream<String>.Continuation
    }

    private struct State {
        var nextID = 0
        var subscribers: [Int: Subscriber] = [:]
        var finished = false
        /// Toasts of messages posted while no page of their audience was connected (notices the host delivered as it
        /// started, after being down): the next such page to connect shows each once.
        var heldToasts: [(audience: PersonID?, text: String)] = []
    }

    /// The most toasts held for the next page of one person (or of everybody); past that, the oldest goes.
    public static let heldToastLimit = 20

    /// The most chunks waiting for one page before the page is dropped.
    public static let bufferLimit = 1_024

    private let state = Mutex(State())
    private let bus: EventBus
    private let names: [EventName]
    private let heartbeat: Duration
    private let observations: Mutex<[EventObservation]> = Mutex([])

    /// A hub forwarding the messages of `types` posted on `bus`.
    public init(bus: EventBus, events types: [any LiveEvent.Type], heartbeat: Duration = .seconds(5)) {
        self.bus = bus
        var seen = Set<ObjectIdentifier>()
        let unique = types.filter { seen.insert(ObjectIdentifier($0)).inserted }
        self.names = Array(Set(unique.map { $0.name })).sorted { $0.rawValue < $1.rawValue }
        self.heartbeat = heartbeat
        let tokens = unique.map { observe($0) }
        observations.withLock { $0 = tokens }
    }

    /// Forwards every `Message` posted, typed: the post takes the bus's typed path, with no cast back.
    private func observe<Message: LiveEvent>(_ type: Message.Type) -> EventObservation {
        bus.addObserver(for: type) { [weak self] message in
            let event = Self.event(for: message)
            let toast = message.toast == nil ? nil : event.toastFormat
            self?.broadcast(event.wireFormat + (toast ?? ""), to: message.audience, toast: toast)
        }
    }

    /// The number of pages connected now.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// The names forwarded.
    public var forwardedNames: [EventName] { names }

    /// One page's stream; `cancel()` it when the connection ends.
    public struct Subscription: Sendable {
        /// The wire-format chunks to write to the page.
        public let stream: AsyncStream<String>
        fileprivate let id: Int?
        fileprivate let hub: LiveEventHub

        /// Stops the stream and forgets the page.
        public func cancel() {
            if let id { hub.unsubscribe(id) }
        }
    }

    /// Opens a stream for one page of `person`. The stream starts with a comment so the browser knows it is connected,
    /// then `greeting` (what the page should know as it connects, such as the unread count), then the toasts held for
    /// them while none of their pages was connected.
    public func subscribe(for person: PersonID = .local, greeting: String? = nil) -> Subscription {
        let (stream, continuation) = AsyncStream.makeStream(
            of: String.self,
            bufferingPolicy: .bufferingOldest(Self.bufferLimit)
        )
        let subscribed: (id: Int, held: [String])? = state.withLock { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(person: person, continuation: continuation)
            let held = state.heldToasts.filter { $0.audience == nil || $0.audience == person }
            state.heldToasts.removeAll { $0.audience == nil || $0.audience == person }
            return (id, held.map(\.text))
        }
        let id = subscribed?.id
        guard let id else {
            continuation.finish()
            return Subscription(stream: stream, id: nil, hub: self)
        }
        continuation.onTermination = { [weak self] _ in
            self?.unsubscribe(id)
        }
        continuation.yield(": connected\n\n")
        if let greeting { continuation.yield(greeting) }
        for toast in subscribed?.held ?? [] { continuation.yield(toast) }
        return Subscription(stream: stream, id: id, hub: self)
    }

    /// Stops the stream `id`.
    fileprivate func unsubscribe(_ id: Int) {
        let subscriber = state.withLock { $0.subscribers.removeValue(forKey: id) }
        subscriber?.continuation.finish()
    }

    /// Tells `person`'s open pages how many of their notices are unread (the `unread` event their inbox badge
    /// follows): after the count changes other than by a delivery, which the pages count themselves.
    func announceUnread(_ count: Int, to person: PersonID) {
        broadcast(Self.unreadEvent(count), to: person)
    }

    /// The `unread` event for `count`.
    static func unreadEvent(_ count: Int) -> String {
        "event: unread\ndata: {\"unread\":\(count)}\n\n"
    }

    /// Writes `text` to every page of `audience` (of everybody when nil); a `toast` no such page is there to show is
    /// held for the next.
    private func broadcast(_ text: String, to audience: PersonID? = nil, toast: String? = nil) {
        let subscribers = state.withLock { state in
            let reached = state.subscribers.filter { audience == nil || $0.value.person == audience }
            if reached.isEmpty, let toast {
                let theirs = state.heldToasts.indices.filter { state.heldToasts[$0].audience == audience }
                if theirs.count >= Self.heldToastLimit, let oldest = theirs.first { state.heldToasts.remove(at: oldest) }
                state.heldToasts.append((audience, toast))
            }
            return reached
        }
        for (id, subscriber) in subscribers {
            if case .dropped = subscriber.continuation.yield(text) { unsubscribe(id) }
        }
    }

    /// Sends heartbeats until shutdown, then ends every stream.
    public func run() async throws {
        // Cancelled at graceful shutdown, so the heartbeat sleep ends at once rather than after up to `heartbeat`.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: self.heartbeat)
                self.broadcast(": heartbeat\n\n")
            }
        }
        finishAll()
    }

    /// Ends every stream and refuses new ones.
    public func finishAll() {
        let continuations = state.withLock { state in
            state.finished = true
            let all = state.subscribers.values.map(\.continuation)
            state.subscribers = [:]
            return all
        }
        for continuation in continuations { continuation.finish() }
    }

    /// What a page is sent for `message`: the event under its own name (pages that show what it is about listen for
    /// it), and, when it has a toast, the same data again as a `toast` event, which every page listens for: a
    /// finished download is announced on whatever page is open.
    public static func wireFormat(for message: some LiveEvent) -> String {
        let event = event(for: message)
        guard message.toast != nil else { return event.wireFormat }
        return event.wireFormat + event.toastFormat
    }

    /// The one encoder of every event: sorted keys, slashes as they are, ISO 8601 dates.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// The browser-facing form of a typed message: its fields as JSON, with `name` and (when it has one) `toast`.
    public static func event(for message: some LiveEvent) -> Event {
        let data = (try? encoder.encode(Envelope(message: message))) ?? Data("{}".utf8)
        return Event(name: type(of: message).name.rawValue, json: String(decoding: data, as: UTF8.self))
    }
}

/// A message's own fields plus `name` and `toast`, in one JSON object.
private struct Envelope<Message: LiveEvent>: Encodable {
    let message: Message

    private enum Keys: String, CodingKey {
        case name, toast
    }

    func encode(to encoder: any Encoder) throws {
        try message.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Message.name.rawValue, forKey: .name)
        try container.encodeIfPresent(message.toast, forKey: .toast)
    }
}
