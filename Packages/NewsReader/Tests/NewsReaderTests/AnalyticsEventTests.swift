import Foundation
import NewsReader
import Testing

@Suite("Analytics addresses")
struct AnalyticsEventTests {
    let base = URL(string: "https://example.com/analytics")!

    @Test("a load hit names the event, then the time")
    func load() {
        #expect(AnalyticsEvent.load(milliseconds: 87).url(base: base)?.absoluteString == "https://example.com/analytics?event=load&time=87")
    }

    @Test("a display hit adds the screen last")
    func display() {
        #expect(
            AnalyticsEvent.display(milliseconds: 12, screen: .article).url(base: base)?.absoluteString
                == "https://example.com/analytics?event=display&time=12&screen=article"
        )
        #expect(
            AnalyticsEvent.display(milliseconds: 0, screen: .headlines).url(base: base)?.absoluteString
                == "https://example.com/analytics?event=display&time=0&screen=headlines"
        )
    }

    @Test("a query the address already has is kept first, and its encoding kept")
    func existingQuery() {
        let base = URL(string: "https://example.com/a%20b/hit?app=news%20reader&k=a%26b")!
        #expect(
            AnalyticsEvent.load(milliseconds: 5).url(base: base)?.absoluteString
                == "https://example.com/a%20b/hit?app=news%20reader&k=a%26b&event=load&time=5"
        )
    }

    @Test("settings: the brief's addresses by default, overridden, off, and bad values refused")
    func settings() throws {
        let defaults = try NewsSettings(options: [:])
        #expect(defaults.feed == NewsSettings.defaultFeed)
        #expect(defaults.analytics == NewsSettings.defaultAnalytics)
        #expect(defaults.refreshMinutes == 15)
        let set = try NewsSettings(options: ["feed": "http://127.0.0.1:9/f.json", "analytics": "OFF", "refresh-minutes": "0"])
        #expect(set.feed.absoluteString == "http://127.0.0.1:9/f.json")
        #expect(set.analytics == nil)
        #expect(set.refreshMinutes == 0)
        #expect(throws: NewsSettingsError.feed("file:///etc/passwd")) { try NewsSettings(options: ["feed": "file:///etc/passwd"]) }
        #expect(throws: NewsSettingsError.analytics("nope")) { try NewsSettings(options: ["analytics": "nope"]) }
        #expect(throws: NewsSettingsError.refreshMinutes("-1")) { try NewsSettings(options: ["refresh-minutes": "-1"]) }
        #expect(try NewsSettings(options: ["analytics-timeout-seconds": "120"]).analyticsTimeout == .seconds(120))
        #expect(throws: NewsSettingsError.analyticsTimeoutSeconds("0")) {
            try NewsSettings(options: ["analytics-timeout-seconds": "0"])
        }
    }
}
