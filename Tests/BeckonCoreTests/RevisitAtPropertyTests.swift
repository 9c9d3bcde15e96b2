import BeckonCore
import BeckonRules
import Testing
import BeckonTestSupport

/// Issue 13, acceptance 1: `revisitAt` over generated configurations and traces (windows, display
/// frequencies, scenario time checks, comparisons of times with constants and parameters, tips
/// reading other tips, groups). For every answer: with a `revisitAt` R, the answer is the same
/// just before R (never late) and at a random instant before it; with none, it is the same ten
/// years on. For the built-in checks (a tip's own rules and the display frequency, a scenario's
/// checks) it is also exact: at R the answer differs or a later R is reported. An answer that
/// inherits instants from other tips (a group, `tips.X.status`) may be early. Each case follows
/// the chain of instants a few steps, as a host would.
@Suite("revisitAt property")
struct RevisitAtPropertyTests {
    static let configurations = 150
    static let tracesPerConfiguration = 6
    static let tenYears: Int64 = 3_650 * day

    @Test func answersHoldUntilRevisitAtAndChangeThere() throws {
        var random = SplitMix64(seed: 0x5EED_0013)
        var checkedAnswers = 0
        for _ in 0..<Self.configurations {
            let generated = GeneratedConfiguration(&random)
            for _ in 0..<Self.tracesPerConfiguration {
                let harness = try Harness(generated.yaml)
                let now = try generated.replayTrace(&random, on: harness.engine)
                for question in generated.questions {
                    checkedAnswers += try check(question, from: now, harness.engine, &random, context: generated.yaml)
                }
            }
        }
        #expect(checkedAnswers > 5_000)
    }

    /// Checks one question from `start` along its chain of `revisitAt`; returns how many answers
    /// were checked.
    private func check(_ question: Question, from start: Int64, _ engine: Engine, _ random: inout SplitMix64,
                       context: String) throws -> Int {
        var now = start
        var checked = 0
        for _ in 0..<4 {
            let answer = try question.ask(engine, now)
            checked += 1
            guard let revisitAt = answer.revisitAt else {
                let later = try question.ask(engine, now + Self.tenYears)
                #expect(later.value == answer.value, "\(question) changed with no revisitAt at \(now)\n\(context)")
                return checked
            }
            #expect(revisitAt > now, "\(question): revisitAt \(revisitAt) is not after \(now)\n\(context)")
            guard revisitAt > now else { return checked }
            if revisitAt - 1 > now {
                let before = try question.ask(engine, revisitAt - 1)
                #expect(before.value == answer.value, "\(question) changed before its revisitAt \(revisitAt) (asked at \(now))\n\(context)")
                let between = now + 1 + Int64(random.next() % UInt64(revisitAt - 1 - now))
                let inside = try question.ask(engine, between)
                #expect(inside.value == answer.value, "\(question) changed at \(between), before its revisitAt \(revisitAt)\n\(context)")
            }
            let at = try question.ask(engine, revisitAt)
            #expect(!question.isExact || at.value != answer.value || at.revisitAt.map { $0 > revisitAt } == true,
                    "\(question): nothing changes at revisitAt \(revisitAt) (asked at \(now)) and no later one is reported\n\(context)")
            now = revisitAt
        }
        return checked
    }
}

/// One answer to watch: a tip's status, a group's current tip, a scenario's status.
enum Question: CustomStringConvertible {
    case tip(String), group(String), scenario(String)

    /// Whether the answer comes from built-in checks alone, so that its `revisitAt` is exact:
    /// tips `a` and `b` (no group, no other tip read) and scenarios.
    var isExact: Bool {
        switch self {
        case .tip(let id): ["a", "b"].contains(id)
        case .group: false
        case .scenario: true
        }
    }

    var description: String {
        switch self {
        case .tip(let id): "tip \(id)"
        case .group(let id): "group \(id)"
        case .scenario(let id): "scenario \(id)"
        }
    }

    /// What the answer says (compared between instants) and its `revisitAt`.
    func ask(_ engine: Engine, _ now: Int64) throws -> (value: String, revisitAt: Int64?) {
        switch self {
        case .tip(let id):
            let decision = try engine.tipStatus(id, at(now))
            return ("\(decision.status) \(decision.reason.code)", decision.revisitAt)
        case .group(let id):
            let decision = try engine.groupCurrent(id, at(now))
            return ("\(decision.current ?? "none") \(decision.members.map { "\($0.tip)=\($0.status)" })", decision.revisitAt)
        case .scenario(let id):
            let decision = try engine.scenarioStatus(id, at(now))
            return ("\(decision.executed)", decision.revisitAt)
        }
    }
}

/// A random configuration: five tips with one time-related rule each (`a` and `b` on their own,
/// `c` and `d` in a group, and only `c`, `d` and `e` may read another tip), two scenarios.
struct GeneratedConfiguration {
    let yaml: String
    let tips = ["a", "b", "c", "d", "e"]
    var questions: [Question] { tips.map(Question.tip) + [.group("g"), .scenario("own"), .scenario("counted")] }

    init(_ random: inout SplitMix64) {
        let frequency = random.pick(["immediate", "30m", "hourly", "3h", "daily"])
        let deadline = t0 + Int64(random.next() % UInt64(3 * day))
        var lines = [
            "store: {backend: memory}",
            "display: {frequency: \(frequency)}",
            "parameters:",
            "  wait: {type: duration, default: \(random.minutes(600))}",
            "  deadline: {type: timestamp, default: \(TimestampSyntax.format(deadline))}",
            "events:",
            "  e1: {}",
            "  e2: {retention: {maxAge: 3d}}",
            "tips:",
        ]
        for (index, tip) in tips.enumerated() {
            let rule = Self.rule(&random, earlierTips: index < 2 ? [] : Array(tips[..<index]))
            lines += ["  \(tip):", "    title: \(tip)", "    rules: ['\(rule)']",
                      "    ignoresDisplayFrequency: \(random.next() % 3 == 0)"]
        }
        let members = random.next() % 2 == 0 ? "[c, d]" : "[d, c]"
        lines += ["groups:", "  g: {priority: \(random.pick(["firstAvailable", "ordered"])), tips: \(members)}"]
        lines += ["scenarios:", "  own: {\(Self.scenarioSettings(&random).joined(separator: ", "))}",
                  "  counted: {\((["event: e1"] + Self.scenarioSettings(&random)).joined(separator: ", "))}"]
        yaml = lines.joined(separator: "\n") + "\n"
    }

    static func rule(_ random: inout SplitMix64, earlierTips: [String]) -> String {
        let op = random.pick(["<", "<=", ">", ">=", "==", "!="])
        let count = random.next() % 4
        switch random.next() % 9 {
        case 0: return "events.e1.sinceFirst \(op) \(random.minutes(900))"
        case 1: return "events.e1.sinceLast \(op) \(random.minutes(900))"
        case 2: return "events.e1.within(\(random.minutes(900))).count \(op) \(count)"
        case 3: return "events.e2.within(\(random.minutes(900))).count \(op) \(count)"
        case 4: return "now \(op) params.deadline"
        case 5: return "events.e1.last + \(random.minutes(900)) \(op) now"
        case 6: return "events.e1.sinceLast \(op) params.wait"
        case 7: return earlierTips.isEmpty ? "events.e1.count >= \(count)" : "tips.\(random.pick(earlierTips)).status == \"available\""
        default: return "\(count) \(op) events.e2.within(\(random.minutes(900))).count"
        }
    }

    static func scenarioSettings(_ random: inout SplitMix64) -> [String] {
        var settings: [String] = []
        if random.next() % 2 == 0 { settings.append("minTimeSinceFirstEvent: \(random.minutes(900))") }
        if random.next() % 2 == 0 { settings.append("minTimeSinceLastEvent: \(random.minutes(900))") }
        if random.next() % 2 == 0 { settings.append("minTimeBetweenExecutions: \(random.minutes(900))") }
        if random.next() % 3 == 0 { settings.append("minEventsRequired: \(random.next() % 3)") }
        if random.next() % 3 == 0 { settings.append("maxExecutionsPermitted: \(1 + random.next() % 3)") }
        return settings
    }

    /// Donations, displays, triggers and tries at distinct random instants of two days; gives the
    /// instant the questions are first asked.
    func replayTrace(_ random: inout SplitMix64, on engine: Engine) throws -> Int64 {
        var now = t0
        for _ in 0..<(random.next() % 9) {
            now += 1 + Int64(random.next() % UInt64(6 * hour))
            switch random.next() % 6 {
            case 0, 1: _ = try engine.donate("e1", at(now))
            case 2: _ = try engine.donate("e2", at(now))
            case 3: _ = try engine.displayTip(random.pick(tips), at(now))
            case 4: _ = try engine.triggerScenario("own", at(now))
            default: _ = try engine.tryScenario(random.pick(["own", "counted"]), at(now))
            }
        }
        return now + Int64(random.next() % UInt64(day))
    }
}

extension SplitMix64 {
    /// A duration literal of 1 to `most` minutes.
    mutating func minutes(_ most: UInt64) -> String { "\(1 + next() % most)m" }
}
