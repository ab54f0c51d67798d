import KernelBus
import Testing

extension BusNotification.Name {
    static let ping: Self = "test.ping"
}

@Suite struct BusNotificationTests {
    @Test func namesAreStringsDeclaredAsConstants() {
        #expect(BusNotification.Name.ping.rawValue == "test.ping")
        #expect(BusNotification.Name("a") == BusNotification.Name(rawValue: "a"))
        #expect(BusNotification.Name("a").description == "a")
    }
}
