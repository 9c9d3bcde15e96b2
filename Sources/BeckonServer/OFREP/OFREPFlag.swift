import BeckonCore
import BeckonDiagnostics
import BeckonRuntime

/// An OFREP flag key and what it names in the serving configuration:
///
/// | key            | type    | value                                   | variant                              |
/// |----------------|---------|-----------------------------------------|--------------------------------------|
/// | `tips.ID`      | boolean | the tip is available                    | `available`, `pending`, `invalidated` |
/// | `groups.ID`    | string  | the group's current tip (`""`: none)    | the current tip's id, or `none`      |
/// | `scenarios.ID` | boolean | the scenario would run (its status)     | `run`, `wait`                        |
/// | `whatsNew`     | object  | what `whatsnew next` would answer       | `show` (entries), `none`             |
enum OFREPFlag: Sendable {
    /// A tip, with its slot in the engine.
    case tip(id: String, slot: Int)
    case group(String)
    case scenario(String)
    case whatsNew

    /// The key of the what's-new flag.
    static let whatsNewKey = "whatsNew"

    /// The flag's key.
    var key: String {
        switch self {
        case .tip(let id, _): "tips." + id
        case .group(let id): "groups." + id
        case .scenario(let id): "scenarios." + id
        case .whatsNew: Self.whatsNewKey
        }
    }

    /// The flag `key` names in `engine`'s configuration, else `FLAG_NOT_FOUND` with the
    /// declared key it is probably a typo of.
    static func named(_ key: String, in engine: Engine) throws(OFREPFailure) -> OFREPFlag {
        let configuration = engine.configuration
        if key == whatsNewKey { return .whatsNew }
        if key.hasPrefix("tips."), let slot = try? engine.tipSlot(of: String(key.dropFirst(5))) {
            return .tip(id: String(key.dropFirst(5)), slot: slot)
        }
        if key.hasPrefix("groups."), configuration.groups[String(key.dropFirst(7))] != nil { return .group(String(key.dropFirst(7))) }
        if key.hasPrefix("scenarios."), configuration.scenarios[String(key.dropFirst(10))] != nil {
            return .scenario(String(key.dropFirst(10)))
        }
        let hint = NameSuggester.hint(for: key, among: all(in: engine).map(\.key))
        throw OFREPFailure(.flagNotFound, "no flag '\(key)': the keys are tips.ID, groups.ID, scenarios.ID and whatsNew, for ids the configuration declares\(hint)")
    }

    /// Every flag of `engine`'s configuration, in the order of a bulk evaluation: its tips,
    /// groups and scenarios in declaration order, then what's new.
    static func all(in engine: Engine) -> [OFREPFlag] {
        let configuration = engine.configuration
        var flags: [OFREPFlag] = configuration.tips.all.enumerated().map { .tip(id: $0.element.id, slot: $0.offset) }
        flags += configuration.groups.all.map { .group($0.id) }
        flags += configuration.scenarios.all.map { .scenario($0.id) }
        flags.append(.whatsNew)
        return flags
    }
}
