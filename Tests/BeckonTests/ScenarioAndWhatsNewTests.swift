import Beckon
import Testing

/// Scenarios and what's new of the example through the library.
@Suite("Beckon library: scenarios and what's new")
struct ScenarioAndWhatsNewTests {
    @Test func aScenarioRunsOnceEveryCheckPassesAndThenWaits() throws {
        let beckon = try ExampleConfiguration.open()
        for _ in 1...4 { try beckon.triggerScenario("ask-for-review", Clock.at(0)) }
        let early = try beckon.tryScenario("ask-for-review", Clock.at(8 * Clock.day))
        #expect(!early.runs)
        #expect(early.events == 4)
        #expect(early.failures.map(\.name) == ["minEventsRequired"])
        #expect(early.failures.first?.limit == 5)
        #expect(early.failures.first?.actual == 4)

        let fifth = try beckon.triggerScenario("ask-for-review", Clock.at(8 * Clock.day))
        #expect(fifth.runs)  // a try now would run it
        let ran = try beckon.tryScenario("ask-for-review", Clock.at(8 * Clock.day))
        #expect(ran.runs)
        #expect(ran.executions == 1)

        let again = try beckon.scenarioStatus("ask-for-review", Clock.at(8 * Clock.day + Clock.hour))
        #expect(!again.runs)
        #expect(again.failures.map(\.name) == ["minTimeBetweenExecutions"])
        #expect(try beckon.scenarioStatus("ask-for-review", Clock.at(11 * Clock.day)).runs)

        let explained = try beckon.explainScenario("ask-for-review", Clock.at(11 * Clock.day))
        let condition = try #require(explained.checks.first { $0.name == "condition 1" })
        #expect(condition.passed == true)
        #expect(condition.limit == nil)
        #expect(condition.source?.contains("example.yaml:") == true)

        let reset = try beckon.resetScenario("ask-for-review", Clock.at(11 * Clock.day))
        #expect(reset.events == 0)
        #expect(reset.executions == 0)
    }

    @Test func whatsNewPresentsTheEntryOfTheVersionOnce() throws {
        let beckon = try ExampleConfiguration.open()
        let next = try beckon.whatsNewNext(Clock.at(0))
        #expect(next.version == "2.3.1")
        #expect(next.isFreshInstall)
        let entry = try #require(next.entries.first)
        #expect(entry.title == "What's New in Landmarks")
        #expect(entry.features.map(\.title) == ["Favorites", "Offline maps"])
        #expect(entry.features.first?.image == "star.fill")
        #expect(entry.features.first?.subtitle == "Keep the landmarks you love.")
        #expect(entry.primaryAction?.title == "Continue")
        #expect(entry.primaryAction?.url == nil)
        #expect(entry.secondaryAction?.url == "https://example.com/landmarks/2.3")

        let presented = try beckon.whatsNewPresent(Clock.at(0))
        #expect(presented.presented == ["2.3.0"])
        let after = try beckon.whatsNewNext(Clock.at(Clock.hour))
        #expect(after.entries.isEmpty)
        #expect(after.reason == "2.3.0 was already presented")

        #expect(try beckon.whatsNewUnmark(nil, Clock.at(Clock.hour)) == [])
        #expect(try beckon.whatsNewMark("2.2", Clock.at(Clock.hour)) == ["2.2.0"])
        // The request's app version overrides app.version.
        #expect(try beckon.whatsNewNext(Clock.at(Clock.hour, appVersion: "2.2.0")).entries.isEmpty)
        #expect(try beckon.whatsNewNext(Clock.at(Clock.hour, appVersion: "2.3.0")).entries.map(\.version) == ["2.3.0"])
    }
}
