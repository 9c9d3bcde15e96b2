import BeckonTestSupport
import BeckonCore
import BeckonRules
import Testing

/// The fast path (rules of the common shapes evaluated on the memory store's record) and the
/// general path give the same tip answers: status, reason, `revisitAt` and record, on generated
/// configurations and traces, with random transient parameters (by name, and by slot as the
/// typed C path passes them), for the subject of the trace and for subjects never stored, through
/// every way to ask (by id, by slot, verdicts, batches of both, the typed path's brief by the
/// subject's bytes). The general path is an engine over the same memory store behind a forwarding
/// store, which the fast path does not serve.
@Suite("Fast path agrees with the general path")
struct FastPathPropertyTests {
    static let configurations = 120
    static let tracesPerConfiguration = 4
    static let tips = ["a", "b", "c", "d"]

    @Test func fastAndGeneralPathsGiveTheSameAnswers() throws {
        var random = SplitMix64(seed: 0xFA57_0014)
        // The request's languages, drawn apart so the configurations and traces stay those of the seed.
        var languages = SplitMix64(seed: 0x10CA_1E5)
        var compared = 0, fast = 0, batches = 0, byBytesDecided = 0
        for _ in 0..<Self.configurations {
            let yaml = Self.configuration(&random)
            for _ in 0..<Self.tracesPerConfiguration {
                let harness = try Harness(yaml)
                let general = Engine(configuration: harness.configuration, rules: harness.engine.rules, store: ForwardingStore(harness.store))
                var now = t0
                for _ in 0..<(random.next() % 12) {
                    now += 1 + Int64(random.next() % UInt64(8 * hour))
                    try Self.step(&random, harness.engine, now)
                }
                for _ in 0..<4 {
                    let asked = now + Int64(random.next() % UInt64(4 * day))
                    let subject = random.next() % 5 == 0 ? "never-stored-\(random.next() % 3)" : "default"
                    let given = Self.transients(&random)
                    // By name, a `null` is left out, as the hosts leave it (it means the default).
                    let transients = given.filter { $0.value != .null }
                    let typedTransients = try Self.typed(given, harness.engine)
                    let locales = languages.pick([[], ["de-CH"], ["de"], ["fr", "de;q=0.5"], ["ja"]])
                    func at(_ now: Int64) -> DecisionRequest {
                        var request = BeckonCoreTests.at(now, subject, transient: transients)
                        request.locales = locales
                        return request
                    }
                    for tip in Self.tips + ["seen"] {
                        let answer = try harness.engine.tipStatus(tip, at(asked))
                        let expected = try general.tipStatus(tip, at(asked))
                        let context = "tip \(tip) at \(asked) for \(subject) with \(transients)\n\(yaml)"
                        #expect(answer.status == expected.status, "\(context)")
                        #expect(answer.reason == expected.reason, "\(answer.reason) vs \(expected.reason): \(context)")
                        #expect(answer.revisitAt == expected.revisitAt, "\(String(describing: answer.revisitAt)) vs \(String(describing: expected.revisitAt)): \(context)")
                        #expect(answer.record == expected.record, "\(context)")
                        #expect(answer.locale == expected.locale && answer.content == expected.content, "content: \(context)")
                        // Every other way to ask gives the same answer.
                        let slot = try harness.engine.tipSlot(of: tip)
                        let bySlot = try harness.engine.tipStatus(slot: slot, at(asked))
                        #expect(bySlot.tip == tip && Self.same(bySlot, expected), "status by slot: \(context)")
                        #expect(Self.same(try harness.engine.tipVerdict(slot: slot, at(asked)), expected), "verdict: \(context)")
                        // The brief (the typed C path's answer, found by the subject's bytes) is the
                        // same answer without text, whenever the fast path decides it.
                        let byBytes = Self.fastBrief(harness.engine, slot, subject, asked, typedTransients)
                        #expect(byBytes == nil || byBytes == Self.brief(expected), "brief by bytes: \(context)")
                        #expect(byBytes == nil || harness.engine.decidesByFastPath(tip: tip), "brief by bytes decided: \(context)")
                        if byBytes != nil { byBytesDecided += 1 }
                        compared += 1
                        if harness.engine.decidesByFastPath(tip: tip) { fast += 1 }
                    }
                    // A batch (fast when every tip of it is, else general) gives each tip's answer.
                    var batch = try (Self.tips + ["seen"]).map { try harness.engine.tipSlot(of: $0) }
                    batch = (0..<(1 + random.next() % 5)).map { _ in batch[Int(random.next() % UInt64(batch.count))] }
                    let verdicts = try harness.engine.tipVerdicts(slots: batch, at(asked))
                    let statuses = try harness.engine.tipStatuses(slots: batch, at(asked))
                    #expect(verdicts.count == batch.count && statuses.count == batch.count)
                    for (slot, (verdict, status)) in zip(batch, zip(verdicts, statuses)) {
                        let expected = try general.tipStatus(slot: slot, at(asked))
                        #expect(Self.same(verdict, expected), "batch verdict on tip \(expected.tip) at \(asked)\n\(yaml)")
                        #expect(status.tip == expected.tip && Self.same(status, expected),
                                "batch status of tip \(expected.tip) at \(asked)\n\(yaml)")
                        batches += 1
                    }
                    // A change between two asks (the record's columns start afresh).
                    try Self.step(&random, harness.engine, now)
                }
            }
        }
        #expect(compared > 5_000)
        #expect(fast > compared / 2, "the fast path decided \(fast) of \(compared) answers")
        #expect(batches > 1_000)
        #expect(byBytesDecided > compared / 3, "the fast path decided \(byBytesDecided) of \(compared) answers by the subject's bytes")
    }

    @Test func aBatchOfFastTipsIsDecidedOnOneReadAndItsSlotsAreChecked() throws {
        let harness = try Harness("""
            parameters:
              n: {type: int, default: 0}
            tips:
              low: {title: Low, ignoresDisplayFrequency: true, rules: ["params.n < 2"]}
              high: {title: High, ignoresDisplayFrequency: true, rules: ["params.n >= 2"]}
            """)
        let slots = try ["low", "high", "low"].map { try harness.engine.tipSlot(of: $0) }
        try harness.engine.setParameter("n", to: .int(3), at(t0))
        #expect(try harness.engine.tipVerdicts(slots: slots, at(t0)).map(\.status) == [.pending, .available, .pending])
        // A subject never stored is decided on an empty record, as the general path decides it.
        #expect(try harness.engine.tipVerdicts(slots: slots, at(t0, "nobody")).map(\.status) == [.available, .pending, .available])
        #expect(try harness.engine.tipVerdicts(slots: [], at(t0)).isEmpty)
        #expect(throws: EngineError.self) { try harness.engine.tipVerdicts(slots: [slots[0], 7], at(t0)) }
    }

    @Test func theBenchmarkRulesAreDecidedByTheFastPath() throws {
        let harness = try Harness("""
            parameters:
              isLoggedIn: {type: bool, default: false}
              plan: {type: string, default: free}
              count: {type: int, default: 3}
            events:
              viewed: {retention: {maxCount: 1000}}
            tips:
              seen: {title: Seen, ignoresDisplayFrequency: true}
              five-rules:
                title: Five rules
                rules:
                  - params.isLoggedIn
                  - params.plan == "free"
                  - events.viewed.count >= 3
                  - events.viewed.within(7d).count >= 3 && tips.seen.displayCount <= 3
                  - params.count <= 5 || !params.isLoggedIn
            """)
        #expect(harness.engine.decidesByFastPath(tip: "five-rules"))
        try harness.engine.setParameter("isLoggedIn", to: .bool(true), at(t0))
        for hour in 0..<4 { _ = try harness.engine.donate("viewed", at(t0 - Int64(hour) * 3_600_000)) }
        let decision = try harness.engine.tipStatus("five-rules", at(t0))
        #expect(decision.status == .available)
        // The window count drops below 3 when the second oldest of the four leaves the window.
        #expect(decision.revisitAt == t0 - 2 * 3_600_000 + 7 * day + 1)
    }

    @Test func subjectsAskedInTurnGetTheirOwnAnswers() throws {
        let harness = try Harness("""
            parameters:
              n: {type: int, default: 0}
            tips:
              high: {title: High, ignoresDisplayFrequency: true, rules: ["params.n >= 2"]}
            """)
        try harness.engine.setParameter("n", to: .int(3), at(t0, "ada"))
        try harness.engine.setParameter("n", to: .int(1), at(t0, "bob"))
        for _ in 0..<3 {
            for (subject, status) in [("ada", TipStatus.available), ("bob", .pending), ("cy", .pending), ("ada", .available)] {
                #expect(try harness.engine.tipStatus("high", at(t0, subject)).status == status, "\(subject)")
            }
        }
        // A subject first asked about before it was stored is found once it is.
        try harness.engine.setParameter("n", to: .int(2), at(t0, "cy"))
        #expect(try harness.engine.tipStatus("high", at(t0, "cy")).status == .available)
        #expect(try harness.engine.tipStatus("high", at(t0, "bob")).status == .pending)
    }

    @Test func aSubjectFoundByItsBytesGetsItsOwnAnswer() throws {
        let harness = try Harness("""
            parameters:
              n: {type: int, default: 0}
            tips:
              high: {title: High, ignoresDisplayFrequency: true, rules: ["params.n >= 2"]}
            """)
        let slot = try harness.engine.tipSlot(of: "high")
        let subjects = ["ada", "bob", "zoë", "a-subject-id-longer-than-a-small-string"]
        for (index, subject) in subjects.enumerated() { try harness.engine.setParameter("n", to: .int(Int64(index + 1)), at(t0, subject)) }
        var random = SplitMix64(seed: 0xB7E5)
        for _ in 0..<200 {
            let subject = subjects[Int(random.next() % UInt64(subjects.count))]
            let expected = TipBrief(try harness.engine.tipVerdict(slot: slot, at(t0, subject)))
            #expect(Self.fastBrief(harness.engine, slot, subject, t0) == expected, "\(subject)")
        }
        // A subject never stored is decided on an empty record, as the general path decides it.
        #expect(Self.fastBrief(harness.engine, slot, "nobody", t0) == TipBrief(try harness.engine.tipVerdict(slot: slot, at(t0, "nobody"))))
        // Left to the general path: bytes that are not UTF-8, a slot out of range.
        #expect([UInt8]([0x61, 0xFF]).withUnsafeBytes { harness.engine.fastTipBrief(slot: slot, subject: $0, now: t0) } == nil)
        #expect(Self.fastBrief(harness.engine, 7, "ada", t0) == nil)
        #expect(Self.fastBrief(harness.engine, -1, "ada", t0) == nil)
        // A subject whose bytes differ from the last one asked but whose id is the same string
        // (canonically equivalent) is the same subject, as the dictionary finds it.
        #expect(Self.fastBrief(harness.engine, slot, "zo\u{0065}\u{0308}", t0) == TipBrief(try harness.engine.tipVerdict(slot: slot, at(t0, "zoë"))))
    }

    /// Whether `verdict` is the decision's answer: status, reason, `revisitAt` and record.
    static func same(_ verdict: TipVerdict, _ decision: TipDecision) -> Bool {
        verdict.status == decision.status && verdict.reason == decision.reason && verdict.revisitAt == decision.revisitAt
            && verdict.record == decision.record
    }

    /// Whether two decisions give the same answer: status, reason, `revisitAt`, record, and
    /// content in the same locale.
    static func same(_ answer: TipDecision, _ decision: TipDecision) -> Bool {
        answer.status == decision.status && answer.reason == decision.reason && answer.revisitAt == decision.revisitAt
            && answer.record == decision.record && answer.locale == decision.locale && answer.content == decision.content
    }

    /// The brief of a decision: its answer as codes and numbers.
    static func brief(_ decision: TipDecision) -> TipBrief {
        TipBrief(status: decision.status, reason: TipBrief.Reason(decision.reason), revisitAt: decision.revisitAt,
                 displayCount: decision.record.displayCount, displayDuration: decision.record.displayDuration)
    }

    /// The fast path's brief on `slot` for the subject whose id's UTF-8 is `subject`'s, with
    /// transient parameters by slot.
    static func fastBrief(_ engine: Engine, _ slot: Int, _ subject: String, _ now: Int64, _ transients: [TransientValue] = []) -> TipBrief? {
        Array(subject.utf8).withUnsafeBytes { bytes in
            transients.withUnsafeBufferPointer { engine.fastTipBrief(slot: slot, subject: bytes, now: now, transients: $0) }
        }
    }

    /// Random values for some of the transient parameters (`null` among them: the default).
    static func transients(_ random: inout SplitMix64) -> [String: Value] {
        var values: [String: Value] = [:]
        if random.next() % 3 != 0 { values["tn"] = .int(Int64(random.next() % 5)) }
        if random.next() % 3 != 0 { values["tflag"] = random.next() % 4 == 0 ? .null : .bool(random.next() % 2 == 0) }
        if random.next() % 3 != 0 { values["ts"] = .string(random.pick(["x", "y", "z"])) }
        if random.next() % 3 != 0 { values["td"] = random.next() % 4 == 0 ? .int(1) : .double(random.pick([0.0, 0.5, 0.75, 1.5])) }
        return values
    }

    /// `values` by slot, checked as the typed C path checks them (a `null` is left out).
    static func typed(_ values: [String: Value], _ engine: Engine) throws -> [TransientValue] {
        try values.compactMap { name, value in try engine.transientValue(slot: engine.parameterSlot(of: name), value) }
    }

    @Test func transientValuesAreCheckedAgainstTheirDeclarations() throws {
        let harness = try Harness("""
            parameters:
              n: {type: int, default: 0}
              ratio: {type: double, transient: true, default: 0.5}
              online: {type: bool, transient: true, default: false}
            tips:
              t: {title: T, rules: ["params.online"]}
            """)
        let engine = harness.engine
        let ratio = try engine.parameterSlot(of: "ratio"), online = try engine.parameterSlot(of: "online")
        #expect(try engine.transientValue(slot: online, .bool(true))?.value == .bool(true))
        #expect(try engine.transientValue(slot: online, .null) == nil)
        #expect(try engine.transientValue(slot: ratio, .int(2))?.value == .double(2))
        let refusals: [(slot: Int, value: Value, message: String)] = [
            (online, .int(1), "transient parameter 'online' is bool, not int"),
            (try engine.parameterSlot(of: "n"), .int(1), "parameter 'n' is stored, not transient (set it with 'param set')"),
            (9, .bool(true), "parameter slot 9 is not one of this configuration's 3 parameters"),
        ]
        for refusal in refusals {
            #expect(throws: EngineError.invalidValue(refusal.message)) { try engine.transientValue(slot: refusal.slot, refusal.value) }
        }
        #expect(throws: EngineError.undeclared(kind: "parameter", id: "onlin", suggestion: "online")) { try engine.parameterSlot(of: "onlin") }
        // A rule on a transient parameter is decided by the fast path, by name and by slot.
        #expect(engine.decidesByFastPath(tip: "t"))
        let slot = try engine.tipSlot(of: "t")
        #expect(try engine.tipVerdict(slot: slot, at(t0, transient: ["online": .bool(true)])).status == .available)
        #expect(Self.fastBrief(engine, slot, "ada", t0, [try #require(try engine.transientValue(slot: online, .bool(true)))])?.status == .available)
        #expect(Self.fastBrief(engine, slot, "ada", t0)?.status == .pending)
    }

    @Test func otherShapesAndOverridesTakeTheGeneralPath() throws {
        let harness = try Harness("""
            parameters:
              ratio: {type: double, default: 0.5}
            tips:
              other: {title: Other, rules: ["params.ratio > params.ratio / 2"]}
              number: {title: Number, rules: ["params.ratio > 0.25"]}
              grouped: {title: Grouped}
              alone: {title: Alone}
            groups:
              g: {priority: firstAvailable, tips: [grouped]}
            """)
        #expect(!harness.engine.decidesByFastPath(tip: "other"))
        #expect(harness.engine.decidesByFastPath(tip: "number"))
        #expect(!harness.engine.decidesByFastPath(tip: "grouped"))
        #expect(harness.engine.decidesByFastPath(tip: "alone"))
        // A request's testing override is honoured: the general path decides that call.
        let hidden = try harness.engine.tipStatus("alone", at(t0, testing: TestingOverrides(hide: ["alone"])))
        #expect(hidden.status == .pending)
        #expect(try harness.engine.tipStatus("alone", at(t0)).status == .available)
    }

    // MARK: Generation

    static func configuration(_ random: inout SplitMix64) -> String {
        var lines = [
            "store: {backend: memory}",
            "display: {frequency: \(random.pick(["immediate", "30m", "hourly", "3h", "daily"]))}",
            "parameters:",
            "  n: {type: int, default: \(random.next() % 4)}",
            "  flag: {type: bool, default: \(random.next() % 2 == 0)}",
            "  s: {type: string, default: \(random.pick(["x", "y"]))}",
            "  tn: {type: int, transient: true, default: \(random.next() % 4)}",
            "  tflag: {type: bool, transient: true, default: \(random.next() % 2 == 0)}",
            "  ts: {type: string, transient: true, default: \(random.pick(["x", "y"]))}",
            "  td: {type: double, transient: true, default: \(random.pick(["0.5", "1.0", "null"]))}",
            "  d: {type: double, default: 0.25}",
            "events:",
            "  e1: {}",
            "  e2: {retention: {maxAge: 3d}}",
            "tips:",
            "  seen: {title: seen, ignoresDisplayFrequency: \(random.next() % 2 == 0)}",
        ]
        for tip in tips {
            let rules = (0..<(1 + random.next() % 2)).map { _ in expression(&random, depth: 0) }
            // Two tips' titles translated, one of them into Swiss German too.
            let title = tip == "b" ? "{en: b, de: b-de}" : tip == "d" ? "{en: d, de: d-de, de-CH: d-ch}" : tip
            lines += ["  \(tip):", "    title: \(title)", "    rules: [\(rules.map { "'\($0)'" }.joined(separator: ", "))]",
                      "    ignoresDisplayFrequency: \(random.next() % 3 == 0)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func expression(_ random: inout SplitMix64, depth: Int) -> String {
        switch depth < 2 ? random.next() % 6 : 5 {
        case 0: return "\(expression(&random, depth: depth + 1)) && \(expression(&random, depth: depth + 1))"
        case 1: return "(\(expression(&random, depth: depth + 1)) || \(expression(&random, depth: depth + 1)))"
        case 2: return "!(\(expression(&random, depth: depth + 1)))"
        default: return atom(&random)
        }
    }

    static func atom(_ random: inout SplitMix64) -> String {
        let op = random.pick(["<", "<=", ">", ">=", "==", "!="])
        let k = random.next() % 4
        switch random.next() % 15 {
        case 0: return "params.n \(op) \(k)"
        case 1: return "\(k) \(op) params.n"
        case 2: return random.next() % 2 == 0 ? "params.flag" : "!params.flag"
        case 3: return "params.s \(random.pick(["==", "!="])) \"\(random.pick(["x", "y"]))\""
        case 4: return "events.e1.count \(op) \(k)"
        case 5: return "events.e1.within(\(random.minutes(3000))).count \(op) \(k)"
        case 6: return "\(k) \(op) events.e2.within(\(random.minutes(4000))).count"
        case 7: return "tips.seen.displayCount \(op) \(k)"
        case 8: return "tips.\(random.pick(["a", "b"])).displayCount \(op) \(k)"
        case 9: return "params.tn \(op) \(k)"
        case 10: return random.next() % 2 == 0 ? "params.tflag" : "!params.tflag"
        case 11: return "params.ts \(random.pick(["==", "!="])) \"\(random.pick(["x", "y"]))\""
        case 12: return "params.td \(op) \(random.pick(["0.5", "0.75", "1", "0"]))"
        case 13: return "\(random.pick(["0.25", "1"])) \(op) params.\(random.pick(["d", "td"]))"
        default: return "events.e2.within(\(random.minutes(4000))).count \(op) \(k)"
        }
    }

    static func step(_ random: inout SplitMix64, _ engine: Engine, _ now: Int64) throws {
        switch random.next() % 9 {
        case 0, 1: _ = try engine.donate("e1", at(now))
        case 2: _ = try engine.donate("e2", at(now))
        case 3, 4: _ = try engine.displayTip(random.pick(tips + ["seen"]), at(now))
        case 5: try engine.setParameter("n", to: .int(Int64(random.next() % 5)), at(now))
        case 6: try engine.setParameter("flag", to: .bool(random.next() % 2 == 0), at(now))
        case 7:
            if random.next() % 2 == 0 { try engine.setParameter("s", to: .string(random.pick(["x", "y", "z"])), at(now)) }
            else { try engine.setParameter("d", to: .double(random.pick([0.0, 0.25, 2.5])), at(now)) }
        default: _ = try engine.invalidateTip(random.pick(tips + ["seen"]), reason: .tipClosed, at(now))
        }
    }
}

/// A store that forwards to another: an engine over it decides every tip by the general path.
final class ForwardingStore: Store, @unchecked Sendable {
    let inner: any Store

    init(_ inner: any Store) { self.inner = inner }

    func load(subject: String) throws(StoreError) -> StoredRecord { try inner.load(subject: subject) }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try inner.commit(subject: subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try inner.donations(subject: subject, event: event, since: since)
    }

    func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        try inner.donationLog(subject: subject, event: event, since: since)
    }
}
