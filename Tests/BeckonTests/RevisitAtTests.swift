import Beckon
import Testing

/// When to ask again, typed: `revisitAt` (Unix ms) on the library's tip, group and scenario answers.
@Suite("Beckon library: revisitAt")
struct RevisitAtTests {
    @Test func aScenarioWaitingForTimeSaysWhenItMayRun() throws {
        let beckon = try ExampleConfiguration.open()
        for hour in 0..<5 { _ = try beckon.triggerScenario("ask-for-review", Clock.at(Int64(hour) * Clock.hour)) }
        // minTimeSinceFirstEvent: 7d, strict: it may run 7 days and 1 ms after the first event.
        let status = try beckon.scenarioStatus("ask-for-review", Clock.at(5 * Clock.hour))
        #expect(!status.runs)
        #expect(status.revisitAt == Clock.start + 7 * Clock.day + 1)
        #expect(try beckon.scenarioStatus("ask-for-review", Clock.at(7 * Clock.day + 1)).runs)
    }

    @Test func anAnswerThatTimeCannotChangeHasNone() throws {
        let beckon = try ExampleConfiguration.open()
        // favorite-landmark waits for params.isLoggedIn, which only the host changes.
        let tip = try beckon.tipStatus("favorite-landmark", Clock.at(0))
        #expect(tip.status == .pending)
        #expect(tip.revisitAt == nil)
        #expect(try beckon.groupCurrent("discovery", Clock.at(0)).revisitAt == nil)
    }
}
