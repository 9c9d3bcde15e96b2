import BeckonDiagnostics

/// Resolving names: `now`, `subject`, `app.version`, `params.X`, `events.X…`, `tips.X.…`,
/// `scenarios.X.…`, `info.F` inside `where`, and plugin calls `NS.NAME(…)`.
extension Checker {
    /// What a name or a member chain denotes while it is being resolved.
    enum Resolved {
        case value(Checked)
        case root(Root, Range<Int>)
        case event(String, RuleSchema.Event, Range<Int>)
        case donations(DonationQuery)
        case subset(DonationQuery, field: Int, largest: Bool, Range<Int>)
        case tip(String, Int, Range<Int>)
        case scenario(String, Int, Range<Int>)
        /// A member that must be called: `within`, `where`, `largestSubset`, a plugin function.
        case method(Method, Range<Int>)
    }

    enum Root: Equatable {
        case params, events, tips, scenarios, app, info
        case plugin(String)
    }

    enum Method {
        case within(DonationQuery)
        case filter(DonationQuery)
        case subset(DonationQuery, largest: Bool)
        case function(String, RuleSchema.Function)
    }

    static let rootNames = ["now", "subject", "app", "params", "events", "tips", "scenarios"]

    /// Checks a name, member chain, index or call that must end in a value.
    mutating func checkName(_ syntax: Syntax) -> Checked? {
        guard let resolved = resolve(syntax) else { return nil }
        switch resolved {
        case .value(let checked):
            return checked
        case .donations(let query):
            error("rule.incomplete", "'\(text(syntax.range))' is a set of donations; add .count", syntax.range)
            _ = query
        case .subset:
            error("rule.incomplete", "'\(text(syntax.range))' is a subset of donations; add .count", syntax.range)
        case .event:
            error("rule.incomplete", "'\(text(syntax.range))' is an event; use .count, .first, .last, .sinceFirst, .sinceLast, .within(D) or .where(…)", syntax.range)
        case .tip:
            error("rule.incomplete", "'\(text(syntax.range))' is a tip; use .displayCount, .invalidated or .status", syntax.range)
        case .scenario:
            error("rule.incomplete", "'\(text(syntax.range))' is a scenario; use .executions or .events", syntax.range)
        case .root(let root, _):
            let hint = root == .app ? "use app.version" : "name one of its members"
            error("rule.incomplete", "'\(text(syntax.range))' is not a value by itself; \(hint)", syntax.range)
        case .method:
            error("rule.incomplete", "'\(text(syntax.range))' must be called with its arguments in parentheses", syntax.range)
        }
        return nil
    }

    mutating func resolve(_ syntax: Syntax) -> Resolved? {
        switch syntax.kind {
        case .identifier(let name):
            return resolveIdentifier(name, syntax.range)
        case .member(let base, let name, let nameRange):
            guard let receiver = resolve(base) else { return nil }
            return resolveMember(receiver, name, nameRange, range: syntax.range)
        case .index(let base, let key):
            guard let receiver = resolve(base) else { return nil }
            guard case .literal(.string(let name)) = key.kind else {
                error("rule.syntax", "brackets take an id in quotes, such as tips[\"my-tip\"]", key.range)
                return nil
            }
            guard case .root(let root, _) = receiver, [.params, .events, .tips, .scenarios].contains(root) else {
                error("rule.syntax", "brackets select an id of params, events, tips or scenarios, not of '\(text(base.range))'", key.range)
                return nil
            }
            return resolveMember(receiver, name, key.range, range: syntax.range)
        case .call(let callee, let arguments):
            guard let target = resolve(callee) else { return nil }
            guard case .method(let method, _) = target else {
                error("rule.call", "'\(text(callee.range))' cannot be called", callee.range)
                return nil
            }
            return resolveCall(method, arguments, range: syntax.range)
        default:
            guard let checked = check(syntax) else { return nil }
            return .value(checked)
        }
    }

    private mutating func resolveIdentifier(_ name: String, _ range: Range<Int>) -> Resolved? {
        switch name {
        case "now":
            return .value(makeLinear(.timestamp, range: range, slope: 1) { context, _ in .timestamp(context.now) })
        case "subject":
            return .value(make(.string, range: range, constant: false) { context, _ in .string(context.subject) })
        case "app": return .root(.app, range)
        case "params": return .root(.params, range)
        case "events": return .root(.events, range)
        case "tips": return .root(.tips, range)
        case "scenarios": return .root(.scenarios, range)
        case "info" where infoScope != nil: return .root(.info, range)
        default:
            if schema.namespaces.contains(name) { return .root(.plugin(name), range) }
            // The plugin's own failure is reported where it is declared; "unknown name" at
            // every call would only bury it.
            if schema.unavailableNamespaces.contains(name) { return nil }
            if name == "info" {
                error("rule.unknownName", "'info' can only be used inside where(…)", range)
                return nil
            }
            // Only names a rule can write are suggested (a namespace registered without the
            // configuration's checks might not be one).
            let namespaces = schema.namespaces.sorted().filter { PluginNames.namespaceProblem(with: $0) == nil }
            let candidates = Self.rootNames + namespaces + (infoScope != nil ? ["info"] : [])
            error("rule.unknownName", "unknown name '\(name)'\(NameSuggester.hint(for: name, among: candidates))", range)
            return nil
        }
    }

    private mutating func resolveMember(_ receiver: Resolved, _ name: String, _ nameRange: Range<Int>, range: Range<Int>) -> Resolved? {
        switch receiver {
        case .root(let root, _):
            return resolveRootMember(root, name, nameRange, range: range)
        case .event(let id, let event, _):
            return resolveEventMember(id, event, name, nameRange, range: range)
        case .donations(var query):
            query.range = range
            switch name {
            case "count": return .value(compileCount(query))
            case "within": return .method(.within(query), range)
            case "where": return .method(.filter(query), range)
            case "largestSubset": return .method(.subset(query, largest: true), range)
            case "smallestSubset": return .method(.subset(query, largest: false), range)
            default:
                return unknownMember(name, nameRange, of: "a set of donations",
                                     ["count", "within", "where", "largestSubset", "smallestSubset"])
            }
        case .subset(let query, let field, let largest, _):
            guard name == "count" else { return unknownMember(name, nameRange, of: "a subset of donations", ["count"]) }
            return .value(compileSubsetCount(query, field: field, largest: largest, range: range))
        case .tip(_, let slot, _):
            return resolveTipMember(slot, name, nameRange, range: range)
        case .scenario(_, let slot, _):
            var checked: Checked
            switch name {
            case "executions":
                checked = make(.int, range: range, constant: false) { context, _ in .int(context.scenarioSummary(slot).executions) }
            case "events":
                checked = make(.int, range: range, constant: false) { context, _ in .int(context.scenarioSummary(slot).events) }
            default:
                return unknownMember(name, nameRange, of: "a scenario", ["executions", "events"])
            }
            checked.isCount = true
            return .value(checked)
        case .value(let checked):
            error("rule.unknownMember", "'\(text(range.lowerBound..<nameRange.lowerBound - 1))' is \(checked.type) and has no member '\(name)'", nameRange)
            return nil
        case .method:
            error("rule.incomplete", "call '\(text(range.lowerBound..<nameRange.lowerBound - 1))' with its arguments before using '.\(name)'", nameRange)
            return nil
        }
    }

    private mutating func resolveRootMember(_ root: Root, _ name: String, _ nameRange: Range<Int>, range: Range<Int>) -> Resolved? {
        switch root {
        case .params:
            guard let parameter = schema.parameters[name] else {
                return unknown("parameter", name, nameRange, Array(schema.parameters.keys), under: "params")
            }
            let slot = parameter.slot
            return .value(make(parameter.type, range: range, constant: false) { context, _ in context.parameter(slot) })
        case .events:
            guard let event = schema.events[name] else { return unknown("event", name, nameRange, Array(schema.events.keys), under: "events") }
            return .event(name, event, range)
        case .tips:
            guard let slot = schema.tips[name] else { return unknown("tip", name, nameRange, Array(schema.tips.keys), under: "tips") }
            return .tip(name, slot, range)
        case .scenarios:
            guard let slot = schema.scenarios[name] else {
                return unknown("scenario", name, nameRange, Array(schema.scenarios.keys), under: "scenarios")
            }
            return .scenario(name, slot, range)
        case .app:
            guard name == "version" else { return unknownMember(name, nameRange, of: "'app'", ["version"]) }
            return .value(make(.version, range: range, constant: false) { context, _ in
                context.appVersion.map(Value.version) ?? .null
            })
        case .info:
            let fields = infoScope?.infoFields ?? []
            guard let index = fields.firstIndex(where: { $0.name == name }) else {
                return unknown("info field", name, nameRange, fields.map(\.name))
            }
            // One read of the donation's values: this runs for every donation a filter tests.
            return .value(make(fields[index].type, range: range, constant: false) { _, state in
                guard let info = state.extras?.info, index < info.count else { return .null }
                return info[index]
            })
        case .plugin(let namespace):
            let qualified = "\(namespace).\(name)"
            guard let function = schema.functions[qualified] else {
                let names = schema.functions.keys.filter { $0.hasPrefix(namespace + ".") }.map { String($0.dropFirst(namespace.count + 1)) }
                error("rule.unknownName", "unknown function '\(name)' of plugin '\(namespace)'\(NameSuggester.hint(for: name, among: names.sorted()))", nameRange)
                return nil
            }
            return .method(.function(qualified, function), range)
        }
    }

    private mutating func resolveEventMember(_ id: String, _ event: RuleSchema.Event, _ name: String, _ nameRange: Range<Int>,
                                             range: Range<Int>) -> Resolved? {
        let slot = event.slot
        let query = DonationQuery(event: event, range: range)
        var checked: Checked
        switch name {
        case "count":
            checked = make(.int, range: range, constant: false) { context, _ in .int(context.eventSummary(slot).count) }
            checked.isCount = true
        case "first":
            checked = make(.timestamp, range: range, constant: false) { context, _ in
                context.eventSummary(slot).first.map(Value.timestamp) ?? .null
            }
        case "last":
            checked = make(.timestamp, range: range, constant: false) { context, _ in
                context.eventSummary(slot).last.map(Value.timestamp) ?? .null
            }
        case "sinceFirst", "sinceLast":
            let useFirst = name == "sinceFirst"
            checked = makeLinear(.duration, range: range, slope: 1) { context, state in
                let summary = context.eventSummary(slot)
                guard let instant = useFirst ? summary.first : summary.last else { return .null }
                let (elapsed, overflow) = context.now.subtractingReportingOverflow(instant)
                return overflow ? state.fail("time arithmetic overflow") : .duration(elapsed)
            }
        case "within": return .method(.within(query), range)
        case "where": return .method(.filter(query), range)
        case "largestSubset": return .method(.subset(query, largest: true), range)
        case "smallestSubset": return .method(.subset(query, largest: false), range)
        default:
            return unknownMember(name, nameRange, of: "event '\(id)'", Self.eventMembers)
        }
        return .value(checked)
    }

    static let eventMembers = ["count", "first", "last", "sinceFirst", "sinceLast", "within", "where", "largestSubset", "smallestSubset"]

    private mutating func resolveTipMember(_ slot: Int, _ name: String, _ nameRange: Range<Int>, range: Range<Int>) -> Resolved? {
        var checked: Checked
        switch name {
        case "displayCount":
            checked = make(.int, range: range, constant: false) { context, _ in .int(context.tipSummary(slot).displayCount) }
            checked.isCount = true
        case "invalidated":
            checked = make(.bool, range: range, constant: false) { context, _ in .bool(context.tipSummary(slot).invalidated) }
        case "status":
            checked = make(.string, range: range, constant: false) { context, _ in .string(context.tipSummary(slot).status) }
        default:
            return unknownMember(name, nameRange, of: "a tip", ["displayCount", "invalidated", "status"])
        }
        return .value(checked)
    }

    /// Reports an unknown name; the suggestion is spelt the way a rule can write it: after a dot,
    /// an id that is not a name (`my-tip`) in brackets under its root (`tips["my-tip"]`).
    private mutating func unknown(_ kind: String, _ name: String, _ range: Range<Int>, _ candidates: [String],
                                  under root: String? = nil) -> Resolved? {
        var hint = ""
        if let match = NameSuggester.suggestion(for: name, among: candidates.sorted()) {
            let inBrackets = text(range).hasPrefix("\"") || text(range).hasPrefix("'")
            if inBrackets || Lexer.isIdentifier(match) {
                hint = "; did you mean '\(match)'?"
            } else if let root {
                hint = "; did you mean '\(root)[\"\(match)\"]'?"
            }
        }
        error("rule.unknownName", "unknown \(kind) '\(name)'\(hint)", range)
        return nil
    }

    private mutating func unknownMember(_ name: String, _ range: Range<Int>, of what: String, _ members: [String]) -> Resolved? {
        let hint = NameSuggester.suggestion(for: name, among: members).map { "; did you mean '\($0)'?" } ?? "; it has \(members.joined(separator: ", "))"
        error("rule.unknownMember", "\(what) has no member '\(name)'\(hint)", range)
        return nil
    }
}
