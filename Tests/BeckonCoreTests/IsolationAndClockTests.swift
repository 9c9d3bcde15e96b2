import BeckonCore
import BeckonRules
import Testing

/// SEMANTICS, the preamble: all state is per subject, and every decision is made against the
/// request's instant only.
@Suite struct IsolationAndClockTests {
    static let yaml = """
        app: {version: 2.0.0}
        display: {frequency: daily}
        parameters: {plan: {type: string, default: free}}
        events: {launched: {retention: {maxCount: 10}}}
        tips:
          a: {title: A, rules: ["params.plan == \\"free\\""]}
          b: {title: B, maxDisplayCount: 1}
          c: {title: C, rules: ["events.launched.count < 2", "events.launched.within(1d).count < 2"]}
          d: {title: D, rules: ["now - events.launched.last > 1h || events.launched.last == null"]}
        groups: {g: {priority: ordered, tips: [b, c]}}
        scenarios:
          review: {minEventsRequired: 1, maxExecutionsPermitted: 1}
          offer: {event: launched, minEventsRequired: 2}
        whatsNew: {mode: catchUp, entries: [{version: 1.0.0, title: One}, {version: 2.0.0, title: Two}]}
        """

    /// Everything one subject's decisions depend on, read without writing.
    struct Snapshot: Equatable {
        var tips: [String]
        var group: String?
        var scenarios: [String]
        var plan: Value
        var stored: SubjectRecord
        var log: [Int64]
    }

    static func snapshot(_ harness: Harness, _ subject: String, at now: Int64) throws -> Snapshot {
        let request = at(now, subject)
        return Snapshot(
            tips: try harness.engine.allTipStatuses(request).map { "\($0.tip): \($0.status) \($0.reason)" },
            group: try harness.engine.groupCurrent("g", request).current,
            scenarios: try ["review", "offer"].map { let s = try harness.engine.scenarioStatus($0, request); return "\(s.executed) \(s.events) \(s.executions)" },
            plan: try harness.engine.parameter("plan", request),
            stored: try harness.record(subject),
            log: try harness.logTimes("launched", subject))
    }

    /// Every kind of write, for one subject.
    static func busyDay(_ engine: Engine, _ subject: String, from start: Int64) throws {
        try engine.setParameter("plan", to: .string("pro"), at(start, subject))
        for index in 0..<3 { _ = try engine.donate("launched", at(start + Int64(index) * minute, subject)) }
        _ = try engine.displayTip("b", at(start + hour, subject))
        _ = try engine.invalidateTip("a", reason: .tipClosed, at(start + hour, subject))
        _ = try engine.recordTipShown("c", duration: minute, at(start + hour, subject))
        _ = try engine.triggerScenario("review", at(start + hour, subject))
        _ = try engine.tryScenario("review", at(start + 2 * hour, subject))
        _ = try engine.resetScenario("offer", at(start + 2 * hour, subject))
        _ = try engine.whatsNewPresent(at(start + 2 * hour, subject))
        _ = try engine.whatsNewMark(Version(major: 1), at(start + 2 * hour, subject))
    }

    @Test func oneSubjectNeverChangesAnothersDecisions() throws {
        let harness = try Harness(Self.yaml)
        try Self.busyDay(harness.engine, "bob", from: t0 - day)
        let before = try Self.snapshot(harness, "bob", at: t0 + 3 * hour)
        try Self.busyDay(harness.engine, "alice", from: t0)
        _ = try harness.engine.resetTip("b", at(t0 + 3 * hour, "alice"))
        #expect(try Self.snapshot(harness, "bob", at: t0 + 3 * hour) == before)
        try harness.engine.resetSubject(at(t0 + 4 * hour, "alice"))
        #expect(try Self.snapshot(harness, "bob", at: t0 + 3 * hour) == before)
        #expect(try harness.record("alice").isEmpty)
    }

    @Test func theCooldownIsPerSubject() throws {
        let harness = try Harness("""
            display: {frequency: daily}
            tips: {a: {title: A}, b: {title: B}}
            """)
        _ = try harness.engine.displayTip("a", at(t0, "alice"))
        #expect(try harness.engine.tipStatus("b", at(t0 + 1, "alice")).status == .pending)
        #expect(try harness.engine.tipStatus("b", at(t0 + 1, "bob")).status == .available)
    }

    @Test func sameInputsGiveTheSameAnswers() throws {
        let first = try Harness(Self.yaml)
        let second = try Harness(Self.yaml)
        try Self.busyDay(first.engine, "s", from: t0)
        try Self.busyDay(second.engine, "s", from: t0)
        for offset in [0, hour, 3 * hour, day, 30 * day, -day] as [Int64] {
            let a = try Self.snapshot(first, "s", at: t0 + offset)
            #expect(a == (try Self.snapshot(second, "s", at: t0 + offset)), "at +\(offset)")
            // Asking again at the same instant, later in real time, changes nothing.
            #expect(a == (try Self.snapshot(first, "s", at: t0 + offset)), "again at +\(offset)")
        }
    }

    @Test func decisionsReadOnlyTheRequestsInstant() throws {
        let harness = try Harness(Self.yaml)
        _ = try harness.engine.donate("launched", at(t0))
        // `now` in rules is the request's instant, whatever the wall clock says.
        #expect(try harness.engine.tipStatus("d", at(t0 + hour)).status == .pending)
        #expect(try harness.engine.tipStatus("d", at(t0 + hour + 1)).status == .available)
        #expect(try harness.engine.tipStatus("d", at(t0 - 10 * 365 * day)).status == .pending)
        #expect(try harness.engine.tipStatus("d", at(t0 + 10 * 365 * day)).status == .available)
        // Windows are measured from it too.
        _ = try harness.engine.donate("launched", at(t0 + 1))
        #expect(try harness.engine.tipStatus("c", at(t0 + 1)).reason.code == "rule")
    }

    @Test func subjectIdsAreOpaque() throws {
        let harness = try Harness(Self.yaml)
        for subject in ["", "default", "Default", "user/42", "ünï 🎉"] {
            try harness.engine.setParameter("plan", to: .string(subject), at(t0, subject))
        }
        for subject in ["", "default", "Default", "user/42", "ünï 🎉"] {
            #expect(try harness.engine.parameter("plan", at(t0, subject)) == .string(subject))
        }
        #expect(DecisionRequest(now: t0).subject == "default")
    }
}
