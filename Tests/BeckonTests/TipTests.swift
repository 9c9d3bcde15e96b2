import Beckon
import Testing

/// Tips and groups of the example through the library: typed statuses, reasons, counts and the
/// content a host shows.
@Suite("Beckon library: tips and groups")
struct TipTests {
    @Test func anAvailableTipCarriesItsContentAndDisplayingItIsRecorded() throws {
        let beckon = try ExampleConfiguration.open()
        let status = try beckon.tipStatus("welcome", Clock.at(0))
        #expect(status.status == .available)
        #expect(status.reasonCode == "available")
        #expect(status.content.title == "Welcome to Landmarks")
        #expect(status.content.message == "Browse famous places near you.")
        #expect(status.content.image == "hand.wave")
        #expect(status.content.actions.isEmpty)

        let displayed = try beckon.displayTip("welcome", Clock.at(0))
        #expect(displayed.changed)
        #expect(displayed.displayCount == 1)
        // maxDisplayCount: 1 invalidates it after this display.
        #expect(displayed.status == .invalidated)
        #expect(displayed.invalidation == "displayCountExceeded")

        let again = try beckon.displayTip("welcome", Clock.at(Clock.hour))
        #expect(!again.changed)
        #expect(again.displayCount == 1)
    }

    @Test func aDonationMakesATipAvailableAndItsGroupsCurrentTip() throws {
        let beckon = try ExampleConfiguration.open()
        let before = try beckon.tipStatus("favorite-landmark", Clock.at(0))
        #expect(before.status == .pending)
        #expect(before.reasonCode == "rule")
        #expect(before.content.actions.map(\.id) == ["learn-more", "dismiss"])
        #expect(before.content.actions.map(\.title) == ["Learn more", "Not now"])

        try beckon.setParameter("isLoggedIn", to: true, Clock.at(0))
        _ = try beckon.invalidateTip("welcome", reason: .tipClosed, Clock.at(0))
        for minute in 1...2 {
            try beckon.donate("landmarkViewed", info: ["landmark": "Eiffel", "fromSearch": false], Clock.at(Int64(minute) * 60_000))
        }
        #expect(try beckon.tipStatus("favorite-landmark", Clock.at(Clock.hour)).reasonCode == "rule")
        #expect(try beckon.groupCurrent("onboarding", Clock.at(Clock.hour)).current == nil)

        let third = try beckon.donate("landmarkViewed", info: ["landmark": "Louvre"], Clock.at(3 * 60_000))
        #expect(third.count == 3)
        let after = try beckon.tipStatus("favorite-landmark", Clock.at(Clock.hour))
        #expect(after.status == .available)
        #expect(after.content.title == "Save as favorite")

        let group = try beckon.groupCurrent("onboarding", Clock.at(Clock.hour))
        #expect(group.current == "favorite-landmark")
        #expect(group.content?.message == "Tap the star to keep this landmark.")
        #expect(group.priority == "ordered")
        #expect(group.members.map(\.tip) == ["welcome", "favorite-landmark"])
        #expect(group.members.map(\.status) == [.invalidated, .available])

        // The donations leave the 7-day window.
        #expect(try beckon.tipStatus("favorite-landmark", Clock.at(8 * Clock.day)).reasonCode == "rule")
    }

    @Test func aFirstDisplayMakesNewTipsWaitForTheDisplayFrequency() throws {
        let beckon = try ExampleConfiguration.open()
        for _ in 1...3 { try beckon.donate("appLaunched", Clock.at(0)) }
        _ = try beckon.displayTip("welcome", Clock.at(0))
        let waiting = try beckon.tipStatus("offline-maps", Clock.at(Clock.hour))
        #expect(waiting.status == .pending)
        #expect(waiting.reasonCode == "displayFrequency")
        #expect(try beckon.tipStatus("offline-maps", Clock.at(Clock.day)).status == .available)
        #expect(try beckon.groupCurrent("discovery", Clock.at(Clock.day)).current == "offline-maps")
    }

    @Test func onScreenTimeInvalidatesAndAResetClearsTheTip() throws {
        let beckon = try ExampleConfiguration.open()
        let shown = try beckon.recordTipShown("favorite-landmark", for: .seconds(150), Clock.at(0))
        #expect(shown.changed)
        #expect(shown.displayDurationMilliseconds == 150_000)
        #expect(shown.status == .invalidated)
        #expect(shown.reasonCode == "displayDurationExceeded")

        let reset = try beckon.resetTip("favorite-landmark", Clock.at(0))
        #expect(reset.changed)
        #expect(reset.invalidation == nil)
        #expect(reset.displayDurationMilliseconds == 0)
        #expect(reset.status == .pending)
    }

    @Test func anExplanationListsEveryCheck() throws {
        let beckon = try ExampleConfiguration.open()
        let explanation = try beckon.explainTip("favorite-landmark", Clock.at(0))
        #expect(explanation.status == .pending)
        // Every rule is evaluated; the checks after the first failing kind are not reached.
        #expect(explanation.checks.map(\.name) == ["testing", "invalidated", "rule 1", "rule 2", "rule 3"])
        #expect(explanation.checks.map(\.passed) == [true, true, false, false, true])
        let rule = try #require(explanation.checks.first { $0.name == "rule 1" })
        #expect(rule.passed == false)
        #expect(rule.source?.hasSuffix("example-tips.yaml:17") == true)
        #expect(try beckon.tipStatus("favorite-landmark", Clock.at(0)).checks.isEmpty)
    }

    @Test func theStatusOverviewAnswersForEverythingOrTheTipsAskedAbout() throws {
        let beckon = try ExampleConfiguration.open()
        let overview = try beckon.status(Clock.at(0))
        #expect(overview.subject == "ada")
        #expect(overview.milliseconds == Clock.start)
        #expect(overview.tips.map(\.tip) == ["welcome", "favorite-landmark", "offline-maps", "search-filters"])
        #expect(overview.tips.first?.content.title == "Welcome to Landmarks")
        #expect(overview.groups.map(\.group) == ["onboarding", "discovery"])
        #expect(overview.groups.first?.current == "welcome")
        #expect(overview.scenarios.map(\.scenario) == ["ask-for-review", "offer-subscription", "legacy-welcome-back"])
        #expect(overview.whatsNew?.version == "2.3.1")

        let some = try beckon.status(tips: ["search-filters", "welcome"], Clock.at(0))
        #expect(some.tips.map(\.tip) == ["welcome", "search-filters"])
        // Nothing was recorded: what's new still has its entry.
        #expect(try beckon.whatsNewNext(Clock.at(0)).entries.map(\.version) == ["2.3.0"])
    }
}
