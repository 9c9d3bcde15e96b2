import Beckon
import Testing

/// `BeckonRequest.reportingChanges`: an operation that records reports, in its answer's
/// `changes`, the tips, groups and scenarios whose answer it changed for the subject.
@Suite("Beckon library: what changed")
struct ChangesTests {
    /// A request of the subject of `Clock.at`, asking for changes.
    static func asking(_ offset: Int64 = 0) -> BeckonRequest {
        BeckonRequest(subject: "ada", milliseconds: Clock.start + offset, reportingChanges: true)
    }

    @Test func aDonationThatMakesATipAvailableReportsIt() throws {
        let beckon = try ExampleConfiguration.open()
        // search-filters needs two views from a search; it is the only tip of discovery available then.
        let viewed: [String: BeckonValue] = ["landmark": "Eiffel", "fromSearch": true]
        try beckon.donate("landmarkViewed", info: viewed, Clock.at(0))

        let second = try beckon.donate("landmarkViewed", info: viewed, Self.asking(60_000))
        let changes = try #require(second.changes)
        #expect(changes.tips == [SubjectChanges.Change(id: "search-filters",
                                                      before: .init(status: .pending, reasonCode: "rule"),
                                                      after: .init(status: .available, reasonCode: "available"))])
        #expect(changes.groups == [SubjectChanges.Change(id: "discovery", before: .init(current: nil), after: .init(current: "search-filters"))])
        #expect(changes.scenarios.isEmpty)
        #expect(second.count == 2)

        // The same donation, not asked: no changes.
        #expect(try beckon.donate("landmarkViewed", info: viewed, Clock.at(120_000)).changes == nil)
    }

    @Test func aDisplayThatUsesUpATipReportsItsInvalidation() throws {
        let beckon = try ExampleConfiguration.open()
        let displayed = try beckon.displayTip("welcome", Self.asking())
        let welcome = try #require(displayed.changes?.tips.first { $0.id == "welcome" })
        #expect(welcome.before == .init(status: .available, reasonCode: "available"))
        #expect(welcome.after == .init(status: .invalidated, reasonCode: "displayCountExceeded"))
        #expect(displayed.changes?.groups.first { $0.id == "onboarding" }?.before.current == "welcome")
    }

    @Test func anOperationThatRecordsNothingReportsNoChange() throws {
        let beckon = try ExampleConfiguration.open()
        // favorite-landmark is pending: nothing is displayed, nothing changes.
        let displayed = try beckon.displayTip("favorite-landmark", Self.asking())
        #expect(displayed.changed == false)
        #expect(displayed.changes == SubjectChanges())
        #expect(displayed.changes?.isEmpty == true)
    }

    /// Every operation that records reports exactly when asked; nothing is computed otherwise.
    @Test(arguments: Recording.allCases, [false, true])
    func recordingOperationsReportOnlyWhenAsked(operation: Recording, asked: Bool) throws {
        let beckon = try ExampleConfiguration.open()
        var request = Clock.at(0)
        request.reportingChanges = asked
        #expect((try operation.changes(beckon, request) != nil) == asked)
    }

    /// Reads record nothing and leave `changes` nil, asked or not.
    @Test func readsIgnoreTheRequest() throws {
        let beckon = try ExampleConfiguration.open()
        #expect(try beckon.tipStatus("welcome", Self.asking()).changes == nil)
        #expect(try beckon.scenarioStatus("ask-for-review", Self.asking()).changes == nil)
    }
}

/// The library's operations that record, as test arguments.
enum Recording: String, CaseIterable, Sendable {
    case donate, setParameter, displayTip, recordTipShown, invalidateTip, resetTip
    case triggerScenario, tryScenario, resetScenario, whatsNewNext, whatsNewPresent, resetSubject

    /// Runs the operation; returns the changes it reported.
    func changes(_ beckon: BeckonEngine, _ request: BeckonRequest) throws -> SubjectChanges? {
        switch self {
        case .donate: try beckon.donate("appLaunched", request).changes
        case .setParameter: try beckon.setParameter("isLoggedIn", to: true, request)
        case .displayTip: try beckon.displayTip("welcome", request).changes
        case .recordTipShown: try beckon.recordTipShown("welcome", for: .seconds(5), request).changes
        case .invalidateTip: try beckon.invalidateTip("welcome", reason: .tipClosed, request).changes
        case .resetTip: try beckon.resetTip("welcome", request).changes
        case .triggerScenario: try beckon.triggerScenario("ask-for-review", request).changes
        case .tryScenario: try beckon.tryScenario("ask-for-review", request).changes
        case .resetScenario: try beckon.resetScenario("ask-for-review", request).changes
        case .whatsNewNext: try beckon.whatsNewNext(request).changes
        case .whatsNewPresent: try beckon.whatsNewPresent(request).changes
        case .resetSubject: try beckon.resetSubject(request)
        }
    }
}
