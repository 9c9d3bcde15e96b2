import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// SEMANTICS §5: tip groups, `firstAvailable` and `ordered`.
@Suite struct TipGroupTests {
    /// The own state of each member of a three-tip group before the group decides.
    enum Member: String, Sendable, CustomStringConvertible {
        case available, pending, invalidated
        var description: String { rawValue }
    }

    struct GroupCase: Sendable, CustomTestStringConvertible {
        var priority: TipGroupPriority
        var members: [Member]
        /// The current tip's index, if any.
        var current: Int?
        var testDescription: String { "\(priority.rawValue) \(members) → \(current.map { "tip \($0)" } ?? "none")" }
    }

    static let groupCases: [GroupCase] = [
        GroupCase(priority: .firstAvailable, members: [.available, .available, .available], current: 0),
        GroupCase(priority: .firstAvailable, members: [.pending, .available, .available], current: 1),
        GroupCase(priority: .firstAvailable, members: [.invalidated, .pending, .available], current: 2),
        GroupCase(priority: .firstAvailable, members: [.pending, .pending, .pending], current: nil),
        GroupCase(priority: .firstAvailable, members: [.invalidated, .invalidated, .invalidated], current: nil),
        GroupCase(priority: .ordered, members: [.available, .available, .available], current: 0),
        // The first non-invalidated member is pending: nothing is current, later ones wait.
        GroupCase(priority: .ordered, members: [.pending, .available, .available], current: nil),
        GroupCase(priority: .ordered, members: [.invalidated, .available, .available], current: 1),
        GroupCase(priority: .ordered, members: [.invalidated, .pending, .available], current: nil),
        GroupCase(priority: .ordered, members: [.invalidated, .invalidated, .available], current: 2),
        GroupCase(priority: .ordered, members: [.invalidated, .invalidated, .pending], current: nil),
        GroupCase(priority: .ordered, members: [.invalidated, .invalidated, .invalidated], current: nil),
    ]

    @Test(arguments: groupCases)
    func currentTip(_ test: GroupCase) throws {
        let harness = try Harness("""
            parameters: {p0: {type: bool, default: false}, p1: {type: bool, default: false}, p2: {type: bool, default: false}}
            tips:
              m0: {title: M0, rules: [params.p0]}
              m1: {title: M1, rules: [params.p1]}
              m2: {title: M2, rules: [params.p2]}
            groups: {g: {priority: \(test.priority.rawValue), tips: [m0, m1, m2]}}
            """)
        for (index, member) in test.members.enumerated() {
            if member != .pending { try harness.engine.setParameter("p\(index)", to: .bool(true), at(t0)) }
            if member == .invalidated { _ = try harness.engine.invalidateTip("m\(index)", reason: .actionPerformed, at(t0)) }
        }
        let group = try harness.engine.groupCurrent("g", at(t0))
        #expect(group.current == test.current.map { "m\($0)" })
        #expect(group.members.map { $0.tip } == ["m0", "m1", "m2"])
        #expect(group.members.map { $0.status.rawValue } == test.members.map(\.rawValue))
        for (index, member) in test.members.enumerated() {
            let decision = try harness.engine.tipStatus("m\(index)", at(t0))
            switch member {
            case .invalidated:
                #expect(decision.status == .invalidated)
            case .pending:
                #expect(decision.reason.code == "rule", "m\(index) keeps its own reason")
            case .available:
                if index == test.current {
                    #expect(decision.status == .available)
                } else {
                    #expect(decision.status == .pending, "m\(index)")
                    #expect(decision.reason == .withheldByGroup("g"), "m\(index)")
                }
            }
        }
    }

    @Test func defaultPriorityIsFirstAvailable() throws {
        let harness = try Harness("""
            tips: {a: {title: A}, b: {title: B}}
            groups: {g: {tips: [a, b]}}
            """)
        #expect(harness.configuration.groups["g"]?.priority == .firstAvailable)
    }

    @Test func currentMovesOnAsMembersAreInvalidated() throws {
        let harness = try Harness("""
            tips: {a: {title: A, maxDisplayCount: 1}, b: {title: B, maxDisplayCount: 1}, c: {title: C}}
            groups: {onboarding: {priority: ordered, tips: [a, b, c]}}
            """)
        var shown: [String] = []
        for step in 0..<4 {
            guard let current = try harness.engine.groupCurrent("onboarding", at(t0 + Int64(step))).current else { break }
            #expect(try harness.engine.displayTip(current, at(t0 + Int64(step))).changed)
            shown.append(current)
        }
        #expect(shown == ["a", "b", "c", "c"])
    }

    @Test func membersShownByTestingAreCurrent() throws {
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: false}}
            tips: {a: {title: A, rules: [params.flag]}, b: {title: B}}
            groups: {g: {priority: ordered, tips: [a, b]}}
            """)
        #expect(try harness.engine.groupCurrent("g", at(t0)).current == nil)
        let testing = TestingOverrides(show: ["a"])
        #expect(try harness.engine.groupCurrent("g", at(t0, testing: testing)).current == "a")
        // The override decides before the group: a shown member is available whatever the group says.
        #expect(try harness.engine.tipStatus("b", at(t0, testing: TestingOverrides(show: ["b"]))).status == .available)
    }

    @Test func cooldownCountsInTheMembersOwnStatus() throws {
        let harness = try Harness("""
            display: {frequency: daily}
            tips: {a: {title: A}, b: {title: B}, starter: {title: S}}
            groups: {g: {tips: [a, b]}}
            """)
        _ = try harness.engine.displayTip("starter", at(t0))
        #expect(try harness.engine.groupCurrent("g", at(t0 + 1)).current == nil)
        #expect(try harness.engine.tipStatus("a", at(t0 + 1)).reason.code == "displayFrequency")
        #expect(try harness.engine.groupCurrent("g", at(t0 + day)).current == "a")
    }

    @Test func aTipMayBelongToOneGroupOnly() {
        let errors = loadErrors("""
            tips: {a: {title: A}, b: {title: B}}
            groups: {g: {tips: [a, b]}, h: {tips: [b]}}
            """)
        #expect(errors.map(\.code) == ["config.groupMembership"])
    }

    @Test func undeclaredGroup() throws {
        let harness = try Harness("""
            tips: {a: {title: A}}
            groups: {onboarding: {tips: [a]}}
            """)
        #expect(engineError { try harness.engine.groupCurrent("onbording", at(t0)) } == .undeclared(kind: "group", id: "onbording", suggestion: "onboarding"))
    }
}
