import BeckonCore

extension DecisionInput {
    /// The members of a JSON body: a route's, a batch's shared ones or one batch operation's own,
    /// each value read as the text the CLI would be given (typed later by its declaration, as
    /// there). A member given as `null` is a member not given.
    struct Body {
        var now: String?
        var appVersion: String?
        var locale: String?
        /// Ordered by name (`transients` and `info` alike), whatever the body's order.
        var transients: [(name: String, text: String)] = []
        var info: [(name: String, text: String)] = []
        var tips: [String] = []
        var showTips: [String] = []
        var hideTips: [String] = []
        var showAllTips = false
        var hideAllTips = false
        var changes = false
        /// `for`.
        var duration: String?
        var reason: String?
        var value: String?

        /// The members a batch's operations share.
        static let sharedMembers: Set<String> = ["now", "appVersion", "locale", "transients", "showTips", "hideTips", "showAllTips", "hideAllTips", "changes"]
        /// The members one operation has of its own (`for`: `tip.shown`'s, `tips`: `status`'s, …).
        static let ownMembers = Set(ServerOperation.ownMembers.values)

        /// The member the operation `name` has of its own, if any, as a set.
        static func ownMembers(of name: String) -> Set<String> {
            ServerOperation.ownMembers[name].map { [$0] } ?? []
        }

        /// The members the body of the operation `name` may hold: the shared ones and its own.
        static func members(of name: String) -> Set<String> {
            membersWithOwn[name] ?? sharedMembers
        }

        /// `members(of:)` of each operation with an own member, made once (not per request).
        private static let membersWithOwn = ServerOperation.ownMembers.mapValues { sharedMembers.union([$0]) }

        /// Reads the members of an object at `path` whose names the caller has checked; a name
        /// this does not read (a batch's `operations`, an operation's `op`) is the caller's.
        /// Faults are met in the order of the names, so the first is always the same one.
        init(_ members: [String: ParsedJSON], at path: [String]) throws(JSONShapeError) {
            for (name, json) in members.sorted(by: { $0.key < $1.key }) {
                let at = path + [name]
                switch name {
                case "now": now = try Self.scalar(json, at)
                case "appVersion": appVersion = try Self.scalar(json, at)
                case "locale": locale = try Self.string(json, at)
                case "transients": transients = try Self.scalars(json, at)
                case "info": info = try Self.scalars(json, at)
                case "tips": tips = try Self.strings(json, at)
                case "showTips": showTips = try Self.strings(json, at)
                case "hideTips": hideTips = try Self.strings(json, at)
                case "showAllTips": showAllTips = try Self.flag(json, at)
                case "hideAllTips": hideAllTips = try Self.flag(json, at)
                case "changes": changes = try Self.flag(json, at)
                case "for": duration = try Self.scalar(json, at)
                case "reason": reason = try Self.scalar(json, at)
                case "value": value = try Self.scalar(json, at)
                default: break
                }
            }
        }

        /// A string, number or boolean as its text; nil for `null`.
        static func scalar(_ json: ParsedJSON, _ path: [String]) throws(JSONShapeError) -> String? {
            json == .null ? nil : try text(json, path)
        }

        /// A string, number, boolean or null as the text the CLI would be given (`null` as
        /// `null`). A number that is a whole number within 64 bits is its integer (`1e2` and
        /// `100.0` are `100`), any other the shortest text of its double (`0.80` is `0.8`).
        static func text(_ json: ParsedJSON, _ path: [String]) throws(JSONShapeError) -> String {
            switch json {
            case .null: return "null"
            case .bool(let flag): return flag ? "true" : "false"
            case .string(let text): return text
            case .number(let text):
                if let integer = Int64(text) { return String(integer) }
                guard let number = Double(text), number.isFinite else { throw JSONShapeError(path, "the number \(text) is out of range") }
                return Int64(exactly: number).map { String($0) } ?? String(number)
            case .array, .object:
                throw JSONShapeError(path, "expected a string, number, boolean or null, got \(json.shown)")
            }
        }

        /// An object of scalars, as (name, text) pairs ordered by name; empty for `null`.
        static func scalars(_ json: ParsedJSON, _ path: [String]) throws(JSONShapeError) -> [(name: String, text: String)] {
            guard json != .null else { return [] }
            var pairs: [(name: String, text: String)] = []
            for (name, value) in try json.members(at: path).sorted(by: { $0.key < $1.key }) {
                pairs.append((name, try text(value, path + [name])))
            }
            return pairs
        }

        /// A string; nil for `null`.
        static func string(_ json: ParsedJSON, _ path: [String]) throws(JSONShapeError) -> String? {
            switch json {
            case .null: return nil
            case .string(let text): return text
            default: throw JSONShapeError(path, "expected a string, got \(json.shown)")
            }
        }

        /// An array of strings (ids); empty for `null`.
        static func strings(_ json: ParsedJSON, _ path: [String]) throws(JSONShapeError) -> [String] {
            guard json != .null else { return [] }
            guard case .array(let items) = json else { throw JSONShapeError(path, "expected an array of strings, got \(json.shown)") }
            var strings: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else { throw JSONShapeError(path + [String(index)], "expected a string, got \(item.shown)") }
                strings.append(text)
            }
            return strings
        }

        /// `true` or `false`; false for `null`.
        static func flag(_ json: ParsedJSON, _ path: [String]) throws(JSONShapeError) -> Bool {
            switch json {
            case .null: return false
            case .bool(let flag): return flag
            default: throw JSONShapeError(path, "expected true or false, got \(json.shown)")
            }
        }
    }
}
