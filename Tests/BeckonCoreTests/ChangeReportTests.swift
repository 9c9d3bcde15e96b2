import BeckonCore
import BeckonRules
import Foundation
import Testing

/// Issue 13 item 6: a mutating operation reports, when asked, the answers it changed for its
/// subject, computed from the record it committed over and the record it wrote.
@Suite struct ChangeReportTests {
    static let yaml = """
        events: {opened: {}}
        parameters: {plan: {type: string, default: free}}
        tips:
          welcome: {title: W, rules: ["events.opened.within(1d).count >= 2"]}
          upgrade: {title: U, rules: ["params.plan == \\"free\\""]}
          other: {title: O}
        groups: {g: {priority: ordered, tips: [welcome, other]}}
        scenarios: {review: {event: opened, minEventsRequired: 2}}
        """

    /// What one line of the table expects: `tip:before>after`, `group:…`, `scenario:…`.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Donations of `opened` made (without asking) before the operation, an hour apart.
        var donationsBefore: Int
        var operation: @Sendable (Engine, DecisionRequest) throws(EngineError) -> Void
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a donation that makes a tip available", donationsBefore: 1,
             operation: { engine, request throws(EngineError) in _ = try engine.donate("opened", request) },
             expected: ["tip welcome: pending/rule > available/available", "group g: - > welcome", "scenario review: false > true"]),
        Case(name: "a donation that changes no answer", donationsBefore: 0,
             operation: { engine, request throws(EngineError) in _ = try engine.donate("opened", request) },
             expected: []),
        Case(name: "a read", donationsBefore: 2,
             operation: { engine, request throws(EngineError) in _ = try engine.tipStatus("welcome", request) },
             expected: []),
        Case(name: "a display of a tip that is not available", donationsBefore: 0,
             operation: { engine, request throws(EngineError) in _ = try engine.displayTip("welcome", request) },
             expected: []),
        Case(name: "an invalidation", donationsBefore: 2,
             operation: { engine, request throws(EngineError) in _ = try engine.invalidateTip("welcome", reason: .tipClosed, request) },
             expected: ["tip welcome: available/available > invalidated/tipClosed", "tip other: pending/group > available/available",
                        "group g: welcome > other"]),
        Case(name: "a parameter set", donationsBefore: 0,
             operation: { engine, request throws(EngineError) in try engine.setParameter("plan", to: .string("pro"), request) },
             expected: ["tip upgrade: available/available > pending/rule"]),
        Case(name: "a reset of the subject", donationsBefore: 2,
             operation: { engine, request throws(EngineError) in try engine.resetSubject(request) },
             expected: ["tip welcome: available/available > pending/rule", "group g: welcome > -", "scenario review: true > false"]),
        Case(name: "a scenario try", donationsBefore: 2,
             operation: { engine, request throws(EngineError) in _ = try engine.tryScenario("review", request) },
             expected: []),
    ]

    @Test(arguments: cases)
    func anOperationReportsTheAnswersItChanged(_ test: Case) throws {
        let harness = try Harness(Self.yaml)
        for index in 0..<test.donationsBefore { _ = try harness.engine.donate("opened", at(t0 + Int64(index) * hour)) }
        let request = at(t0 + 3 * hour)
        let (_, changes) = try harness.engine.reportingChanges(request) { request throws(EngineError) in
            try test.operation(harness.engine, request)
        }
        #expect(Self.lines(changes) == test.expected)
    }

    /// The changes as lines, to compare with a table.
    static func lines(_ changes: SubjectChanges) -> [String] {
        changes.tips.map { "tip \($0.id): \($0.before.status)/\($0.before.reason.code) > \($0.after.status)/\($0.after.reason.code)" }
            + changes.groups.map { "group \($0.id): \($0.before.current ?? "-") > \($0.after.current ?? "-")" }
            + changes.scenarios.map { "scenario \($0.id): \($0.before.wouldRun) > \($0.after.wouldRun)" }
    }

    /// The answers after a donation see the log as the store keeps it: with `retention.maxCount: 1`
    /// a window never holds two donations, so only the scenario (which counts every donation) changes.
    @Test func theAnswersAfterSeeTheLogWithItsRetention() throws {
        let harness = try Harness(Self.yaml.replacingOccurrences(of: "opened: {}", with: "opened: {retention: {maxCount: 1}}"))
        _ = try harness.engine.donate("opened", at(t0))
        let (_, changes) = try harness.engine.reportingChanges(at(t0 + hour)) { request throws(EngineError) in
            _ = try harness.engine.donate("opened", request)
        }
        #expect(Self.lines(changes) == ["scenario review: false > true"])
    }

    /// Racing donations, each asking for its changes: exactly one of them made the tip available
    /// (the one whose commit took the count from 1 to 2), whatever the interleaving.
    @Test(arguments: AtomicityTests.StoreKind.allCases)
    func racingDonationsReportTheTransitionOnce(store: AtomicityTests.StoreKind) throws {
        let harness = try Harness(Self.yaml, store: store.make())
        let engines = (0..<AtomicityTests.threads).map { _ in harness.sibling() }
        let reported = Collected<String>(), failed = Tally()
        AtomicityTests.race { index in
            do {
                let (_, changes) = try engines[index].reportingChanges(at(t0 + 1)) { request throws(EngineError) in
                    _ = try engines[index].donate("opened", request)
                }
                for line in Self.lines(changes) { reported.add(line) }
            } catch {
                failed.add()
            }
        }
        #expect(failed.count == 0)
        #expect(reported.items.sorted() == ["group g: - > welcome", "scenario review: false > true", "tip welcome: pending/rule > available/available"])
    }
}
