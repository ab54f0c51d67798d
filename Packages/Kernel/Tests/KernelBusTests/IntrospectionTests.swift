import KernelBus
import Testing

@Suite("Introspection")
struct IntrospectionTests {
    @Test func observerCountsPerName() {
        let bus = NotificationBus()
        let observations = [
            bus.addObserver(forName: .ping) { _ in },
            bus.addObserver(forName: .ping, object: Sender()) { _ in },
            bus.addObserver(forName: .pong) { _ in },
            bus.addObserver(forName: nil) { _ in },
        ]
        #expect(bus.observerCount(forName: .ping) == 2)
        #expect(bus.observerCount(forName: .pong) == 1)
        #expect(bus.observerCount(forName: nil) == 1)
        #expect(bus.observerCount(forName: "unknown") == 0)
        #expect(bus.observerCount == 4)
        observations[0].cancel()
        #expect(bus.observerCount(forName: .ping) == 1)
    }

    @Test func registrationsAreASnapshotInRegistrationOrder() {
        let bus = NotificationBus()
        let sender = Sender()
        let screen = Screen()
        let observations = [
            bus.addObserver(forName: .ping, object: sender) { _ in },
            bus.addObserver(for: TaskCompleted.self) { _ in },
            bus.addObserver(forName: nil) { _ in },
        ]
        bus.addObserver(screen, forName: .pong) { _, _ in }
        let registrations = bus.registrations()
        #expect(registrations.map(\.name) == [.ping, TaskCompleted.name, nil, .pong])
        #expect(registrations.map(\.order) == registrations.map(\.order).sorted())
        #expect(registrations[0].object === sender)
        #expect(registrations[0].observesSpecificObject)
        #expect(registrations[1].kind == .message(String(reflecting: TaskCompleted.self)))
        #expect(registrations[2].kind == .block)
        #expect(registrations[3].kind == .target(String(reflecting: Screen.self)))
        #expect(registrations.allSatisfy { $0.delivery == .synchronous })
        #expect(registrations[0].description.contains("test.ping"))
        withExtendedLifetime(observations) {}
    }

    @Test func registrationsReportDeallocatedObjects() {
        let bus = NotificationBus()
        var sender: Sender? = Sender()
        let observation = bus.addObserver(forName: .ping, object: sender) { _ in }
        sender = nil
        let registration = bus.registrations().first
        #expect(registration?.object == nil)
        #expect(registration?.observesSpecificObject == true)
        #expect(registration?.description.contains("<deallocated>") == true)
        withExtendedLifetime(observation) {}
    }
}
