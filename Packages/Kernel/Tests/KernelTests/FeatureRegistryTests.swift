import Kernel
import Testing

@Suite("Feature registry")
struct FeatureRegistryTests {
    let registry = FeatureRegistry(["tasks", "news", "accounts"], id: { $0 })

    @Test("no selection enables every feature, in registry order")
    func all() throws {
        #expect(try registry.enabled(nil) == ["tasks", "news", "accounts"])
        #expect(try registry.enabled([]) == ["tasks", "news", "accounts"])
    }

    @Test("a selection keeps registry order, ignoring case and spaces")
    func subset() throws {
        #expect(try registry.enabled(["accounts", " TASKS "]) == ["tasks", "accounts"])
    }

    @Test("an unknown name fails, listing the valid ones")
    func unknown() {
        let error = #expect(throws: FeatureSelectionError.self) { try registry.enabled(["tasks", "nope"]) }
        #expect(error?.description == "Unknown feature 'nope'. Valid features: tasks, news, accounts.")
    }
}
