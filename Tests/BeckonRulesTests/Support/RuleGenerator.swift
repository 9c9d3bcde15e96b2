import BeckonTestSupport

/// Builds random rules that type-check against `RuleFixture.schema`: every operator, name and
/// window of the language at random depth, so fuzzing reaches the evaluator, not only the
/// parser's error paths.
struct RuleGenerator {
    var random: SplitMix64
    /// Inside `where(…)`: the info fields that may be used.
    private var infoFields: [(name: String, type: String)] = []

    init(random: SplitMix64) {
        self.random = random
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[random.below(choices.count)]
    }

    private mutating func chance(_ percent: Int) -> Bool {
        random.below(100) < percent
    }

    /// A `bool` expression nested at most `depth` levels.
    mutating func bool(_ depth: Int = 4) -> String {
        let leaves = ["params.flag", "params.off", "params.none", "tips.favorite.invalidated",
                      "tips[\"favorite-landmark\"].invalidated", "true", "false", "null", "spy.touch()"]
        var atoms = leaves + (infoFields.contains { $0.type == "bool" } ? ["info.premium"] : [])
        if chance(3) { atoms.append("spy.fail()") }
        guard depth > 0, chance(70) else { return pick(atoms) }
        switch random.below(12) {
        case 0: return chance(50) ? "!(" + bool(depth - 1) + ")" : "!" + pick(atoms)
        case 1: return bool(depth - 1) + " && " + bool(depth - 1)
        case 2: return bool(depth - 1) + " || " + bool(depth - 1)
        case 3: return "(" + bool(depth - 1) + ")"
        case 4: return number(depth - 1) + " " + pick(["==", "!=", "<", "<=", ">", ">="]) + " " + number(depth - 1)
        case 5: return string(depth - 1) + " " + pick(["==", "!=", "<", ">="]) + " " + string(depth - 1)
        case 6: return duration(depth - 1) + " " + pick(["==", "<", ">", "<="]) + " " + duration(depth - 1)
        case 7: return timestamp(depth - 1) + " " + pick(["==", "<", ">", ">="]) + " " + timestamp(depth - 1)
        case 8: return version(depth - 1) + " " + pick(["==", "!=", "<", ">="]) + " " + version(depth - 1)
        case 9:
            let subject = switch random.below(6) {
            case 0: number(depth - 1)
            case 1: string(depth - 1)
            case 2: duration(depth - 1)
            case 3: timestamp(depth - 1)
            case 4: version(depth - 1)
            default: "(" + bool(depth - 1) + ")"
            }
            return chance(50) ? subject + pick([" == null", " != null"]) : pick(["null == ", "null != "]) + subject
        case 10: return string(depth - 1) + " in " + pick(["params.tags", "[\"pro\", 'team']", "[]", "[null, \"x\"]"])
        default: return number(depth - 1) + " in [" + number(depth - 1) + ", " + number(depth - 1) + "]"
        }
    }

    /// An `int` or `double` expression.
    mutating func number(_ depth: Int) -> String {
        var atoms = ["0", "1", "7", "2.5", "0.1", "params.count", "params.ratio", "params.big", "params.small",
                     "params.zero", "params.unset", "params.noRatio", "events.launch.count",
                     "events[\"app-launched\"].count", "tips.favorite.displayCount", "scenarios.onboarding.executions",
                     "scenarios[\"welcome-back\"].events", "9223372036854775807"]
        if infoFields.contains(where: { $0.type == "int" }) { atoms.append("info.size") }
        guard depth > 0, chance(60) else { return pick(atoms) }
        switch random.below(7) {
        case 0: return "-" + number(depth - 1)
        case 1: return "(" + number(depth - 1) + " " + pick(["+", "-", "*", "/", "%"]) + " " + number(depth - 1) + ")"
        case 2: return "spy.echo(" + integer(depth - 1) + ")"
        case 3: return "geo.distance(" + number(depth - 1) + ", " + number(depth - 1) + ")"
        case 4: return donations(depth - 1) + ".count"
        case 5: return donations(depth - 1) + pick([".largestSubset", ".smallestSubset"]) + "(info.kind).count"
        default: return number(depth - 1) + " " + pick(["+", "*"]) + " " + number(depth - 1)
        }
    }

    /// An `int` expression (plugin arguments declared `int`).
    private mutating func integer(_ depth: Int) -> String {
        let atoms = ["3", "-4", "params.count", "params.unset", "events.launch.count", "params.big"]
        guard depth > 0, chance(50) else { return pick(atoms) }
        return "(" + integer(depth - 1) + " " + pick(["+", "-", "*", "/", "%"]) + " " + integer(depth - 1) + ")"
    }

    /// `events.view` narrowed by windows and filters.
    private mutating func donations(_ depth: Int) -> String {
        var text = pick(["events.view", "events[\"never\"]"])
        let isView = text == "events.view"
        for _ in 0..<random.below(3) {
            if chance(50) {
                text += ".within(" + pick(isView ? ["0s", "1h", "2d", "7d", "30d", "6d23h59m59s999ms"] : ["0s", "1h", "1d"]) + ")"
            } else {
                let outer = infoFields
                infoFields = isView ? [("kind", "string"), ("size", "int"), ("premium", "bool")] : [("kind", "string")]
                text += ".where(" + bool(max(0, depth - 1)) + ")"
                infoFields = outer
            }
        }
        return text
    }

    mutating func string(_ depth: Int) -> String {
        var atoms = ["\"pro\"", "'team'", "\"\"", "subject", "params.plan", "params.noPlan", "tips.favorite.status"]
        if infoFields.contains(where: { $0.name == "kind" }) { atoms.append("info.kind") }
        return pick(atoms)
    }

    mutating func duration(_ depth: Int) -> String {
        let atoms = ["1d12h", "0s", "90m", "500ms", "2w", "params.wait", "params.noWait", "events.launch.sinceLast",
                     "events.never.sinceFirst", "events.view.sinceFirst"]
        guard depth > 0, chance(60) else { return pick(atoms) }
        switch random.below(3) {
        case 0: return "-" + duration(depth - 1)
        case 1: return "(" + duration(depth - 1) + " " + pick(["+", "-"]) + " " + duration(depth - 1) + ")"
        default: return "(" + timestamp(depth - 1) + " - " + timestamp(depth - 1) + ")"
        }
    }

    mutating func timestamp(_ depth: Int) -> String {
        let atoms = ["now", "params.since", "params.noSince", "events.launch.first", "events.launch.last", "events.never.last"]
        guard depth > 0, chance(50) else { return pick(atoms) }
        if chance(50) { return "(" + timestamp(depth - 1) + " " + pick(["+", "-"]) + " " + duration(depth - 1) + ")" }
        return "(" + duration(depth - 1) + " + " + timestamp(depth - 1) + ")"
    }

    mutating func version(_ depth: Int) -> String {
        pick(["app.version", "v\"2.1\"", "v'1.10.3'", "params.minVersion", "params.noVersion", "spy.version()"])
    }
}
