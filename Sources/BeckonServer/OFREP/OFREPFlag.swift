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
        if let id = id(in: key, after: "tips."), let slot = try? engine.tipSlot(of: id) { return .tip(id: id, slot: slot) }
        if let id = id(in: key, after: "groups."), configuration.groups[id] != nil { return .group(id) }
        if let id = id(in: key, after: "scenarios."), configuration.scenarios[id] != nil { return .scenario(id) }
        let hint = NameSuggester.hint(for: key, among: all(in: engine).map(\.key))
        throw OFREPFailure(.flagNotFound, "no flag '\(key)': the keys are tips.ID, groups.ID, scenarios.ID and whatsNew, for ids the configuration declares\(hint)")
    }

    /// The text after `prefix` in `key`, or nil when `key` does not start with it. Compared and
    /// cut on the bytes: `hasPrefix` and `dropFirst` walk characters (~1 k instructions a key,
    /// on every single evaluation). The two differ only for a key whose prefix's `.` a combining
    /// mark follows, which names no declared id either way (ids are ASCII:
    /// `ConfigurationValues.idPattern`).
    private static func id(in key: String, after prefix: StaticString) -> String? {
        var bytesOfKey = key
        return bytesOfKey.withUTF8 { bytes in
            guard UnsafeRawBufferPointer(bytes).holds(prefix) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[prefix.utf8CodeUnitCount...]), as: UTF8.self)
        }
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
