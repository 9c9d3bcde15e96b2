import BeckonCore
import Testing

/// Tip decisions by slot (`tipSlot(of:)`, `tipStatus(slot:_:)`, `tipStatuses(slots:_:)`) give
/// the answers of `tipStatus(_:_:)` by id, on one read of the subject.
@Suite struct TipSlotTests {
    /// What the subject did before the tips are asked, and when they are asked.
    struct SlotCase: Sendable, CustomTestStringConvertible {
        var name: String
        var launches: [Int64] = []
        var displayed: [String] = []
        var invalidated: [String] = []
        var asked: Int64
        var testDescription: String { name }
    }

    static let cases: [SlotCase] = [
        SlotCase(name: "fresh subject", asked: t0),
        SlotCase(name: "window filled", launches: [t0, t0 + minute, t0 + 2 * minute], asked: t0 + 3 * minute),
        SlotCase(name: "window expiring", launches: [t0, t0 + minute, t0 + 2 * minute], asked: t0 + 59 * minute),
        SlotCase(name: "a display starts the cooldown", launches: [t0, t0, t0], displayed: ["free"], asked: t0 + 10 * minute),
        SlotCase(name: "a group member invalidated", launches: [t0, t0, t0], invalidated: ["first", "free"], asked: t0 + minute),
    ]

    static let yaml = """
        display: {frequency: hourly}
        events: {launched: {}}
        tips:
          free: {title: Free}
          counted: {title: Counted, rules: ["events.launched.within(1h).count >= 3"]}
          first: {title: First, rules: ["events.launched.count >= 1"]}
          second: {title: Second, rules: ["events.launched.count >= 2"]}
          steady: {title: Steady, rules: ["events.launched.count >= 1"], ignoresDisplayFrequency: true}
        groups: {g: {priority: ordered, tips: [first, second]}}
        """

    @Test(arguments: cases)
    func slotsAnswerAsIds(_ test: SlotCase) throws {
        let harness = try Harness(Self.yaml)
        let engine = harness.engine
        for launch in test.launches { _ = try engine.donate("launched", at(launch)) }
        for tip in test.displayed { _ = try engine.displayTip(tip, at(test.launches.last ?? t0)) }
        for tip in test.invalidated { _ = try engine.invalidateTip(tip, reason: .actionPerformed, at(t0)) }
        // Asked in an order unlike the declaration's, one tip twice.
        let ids = ["steady", "second", "free", "counted", "first", "counted"]
        let slots = try ids.map { id throws(EngineError) in try engine.tipSlot(of: id) }
        let byId = try ids.map { id throws(EngineError) in try engine.tipStatus(id, at(test.asked)) }
        let bySlot = try slots.map { slot throws(EngineError) in try engine.tipStatus(slot: slot, at(test.asked)) }
        let batch = try engine.tipStatuses(slots: slots, at(test.asked))
        #expect(batch.count == ids.count)
        for (index, expected) in byId.enumerated() {
            for answer in [bySlot[index], batch[index]] {
                #expect(answer.tip == expected.tip)
                #expect(answer.status == expected.status, "\(expected.tip)")
                #expect(answer.reason == expected.reason, "\(expected.tip)")
                #expect(answer.revisitAt == expected.revisitAt, "\(expected.tip)")
                #expect(answer.record == expected.record, "\(expected.tip)")
                #expect(answer.changed == false)
            }
        }
    }

    @Test func unknownIdsAndSlotsAreRefused() throws {
        let engine = try Harness(Self.yaml).engine
        #expect(engineError { try engine.tipSlot(of: "fre") }?.isUndeclared == true)
        for slot in [-1, 5] {
            #expect(engineError { try engine.tipStatus(slot: slot, at(t0)) }?.isInvalidValue == true, "slot \(slot)")
            #expect(engineError { try engine.tipStatuses(slots: [0, slot], at(t0)) }?.isInvalidValue == true, "slot \(slot)")
        }
        #expect(try engine.tipStatuses(slots: [], at(t0)).isEmpty)
    }
}
