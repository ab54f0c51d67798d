import KernelBus
import Testing

@Suite("A notification value")
struct BusNotificationTests {
    @Test func namesAreStringsDeclaredAsStaticConstants() {
        #expect(BusNotification.Name.ping.rawValue == "test.ping")
        #expect(BusNotification.Name("a") == BusNotification.Name(rawValue: "a"))
        #expect(BusNotification.Name("a").description == "a")
        #expect(Set<BusNotification.Name>(["a", "a", "b"]).count == 2)
    }

    @Test func carriesNameObjectAndUserInfo() {
        let sender = Sender()
        let notification = BusNotification(name: .ping, object: sender, userInfo: ["count": 3])
        #expect(notification.name == .ping)
        #expect(notification.object === sender)
        #expect(notification.userInfo?["count"] as? Int == 3)
        #expect(notification.message == nil)
    }

    @Test func objectAndUserInfoDefaultToNil() {
        let notification = BusNotification(name: .ping)
        #expect(notification.object == nil)
        #expect(notification.userInfo == nil)
        #expect(notification.description == "BusNotification(test.ping)")
    }
}
