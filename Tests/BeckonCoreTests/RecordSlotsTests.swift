import BeckonCore
import BeckonRules
import Testing

/// Issue 14: engines read a memory-stored record by slot, not by id. Two engines whose
/// configurations number the same parameters, events and tips differently share one store:
/// each must read its own slots, and a change made through either must be seen by both.
@Suite struct RecordSlotsTests {
    static let forward = """
        parameters:
          a: {type: int, default: 0}
          b: {type: int, default: 0}
        events:
          x: {}
          y: {}
        tips:
          ta: {title: A, rules: ["params.a == 1", "events.x.count == 1"]}
          tb: {title: B, rules: ["params.b == 2", "events.y.count == 2"]}
        """
    static let reversed = """
        parameters:
          b: {type: int, default: 0}
          a: {type: int, default: 0}
        events:
          y: {}
          x: {}
        tips:
          tb: {title: B, rules: ["params.b == 2", "events.y.count == 2"]}
          ta: {title: A, rules: ["params.a == 1", "events.x.count == 1"]}
        """

    /// What a step does through one engine, and the status both engines then give each tip.
    struct Step: Sendable, CustomTestStringConvertible {
        var name: String
        var throughReversed: Bool
        var change: @Sendable (Engine, DecisionRequest) throws -> Void
        var expected: [String: TipStatus]
        var testDescription: String { name }
    }

    static let steps: [Step] = [
        Step(name: "nothing set", throughReversed: false, change: { _, _ in },
             expected: ["ta": .pending, "tb": .pending]),
        Step(name: "parameters and donations", throughReversed: false, change: { engine, request in
            try engine.setParameter("a", to: .int(1), request)
            try engine.setParameter("b", to: .int(2), request)
            _ = try engine.donate("x", request)
            _ = try engine.donate("y", request)
            _ = try engine.donate("y", request)
        }, expected: ["ta": .available, "tb": .available]),
        Step(name: "invalidated through the other engine", throughReversed: true, change: { engine, request in
            _ = try engine.invalidateTip("ta", reason: .tipClosed, request)
        }, expected: ["ta": .invalidated, "tb": .available]),
        Step(name: "a parameter changed through the first engine", throughReversed: false, change: { engine, request in
            try engine.setParameter("b", to: .int(3), request)
        }, expected: ["ta": .invalidated, "tb": .pending]),
    ]

    @Test func enginesNumberingDifferentlyShareOneMemoryStore() throws {
        let store = MemoryStore()
        let first = try Harness(Self.forward, store: store).engine
        let second = try Harness(Self.reversed, store: store).engine
        let request = at(t0)
        for step in Self.steps {
            try step.change(step.throughReversed ? second : first, request)
            // Asked twice, alternating, so that each engine reads what the other indexed.
            for _ in 0..<2 {
                for tip in ["ta", "tb"] {
                    #expect(try first.tipStatus(tip, request).status == step.expected[tip], "\(step.name): \(tip), first engine")
                    #expect(try second.tipStatus(tip, request).status == step.expected[tip], "\(step.name): \(tip), second engine")
                }
            }
        }
    }

    @Test func storedRecordsCompareByTheirState() throws {
        let harness = try Harness(Self.forward)
        try harness.engine.setParameter("a", to: .int(1), at(t0))
        _ = try harness.engine.tipStatus("ta", at(t0))
        var expected = SubjectRecord()
        expected.parameters["a"] = .int(1)
        #expect(try harness.record() == expected)
        #expect(try harness.record().hashValue == expected.hashValue)
    }
}
