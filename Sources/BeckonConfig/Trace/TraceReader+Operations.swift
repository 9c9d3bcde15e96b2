import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// The operations of steps and their arguments, typed against the configuration.
extension TraceReader {
    mutating func readOperation(_ name: String, _ pair: YAMLPair, _ fields: Fields, step: String) -> TraceOperation? {
        let node = pair.value
        let what = "'\(name)' of \(step)"
        switch name {
        case "set":
            return parameters(node, what, step: step, transient: false).map(TraceOperation.set)
        case "donate":
            let event = declared(node, what, kind: "event", in: configuration.events, step: step)
            let info = fields["info"].map { readInfo($0, event: event.flatMap { configuration.events[$0] }, step: step) }
            guard let event, let info = info ?? [] else { return nil }
            return .donate(event: event, info: info)
        case "tip.status":
            return tip(node, what, step: step).map(TraceOperation.tipStatus)
        case "tip.display":
            return tip(node, what, step: step).map(TraceOperation.tipDisplay)
        case "tip.shown":
            let tip = tip(node, what, step: step)
            guard let duration = required("for", of: pair, fields, step: step, hint: "how long the tip was on screen, such as 45s")
                .flatMap({ reader.duration($0, "'for' of \(step)") }) else { return nil }
            return tip.map { .tipShown($0, duration: duration) }
        case "tip.invalidate":
            let tip = tip(node, what, step: step)
            guard let reason = required("reason", of: pair, fields, step: step, hint: "actionPerformed or tipClosed")
                .flatMap({ reader.choice($0, "'reason' of \(step)", as: HostInvalidationReason.self) }) else { return nil }
            return tip.map { .tipInvalidate($0, reason: reason.reason) }
        case "tip.reset":
            return tip(node, what, step: step).map(TraceOperation.tipReset)
        case "reset":
            guard node.scalarText == "all", !node.isNull else {
                reader.diagnostics.error("config.value", "\(what) must be 'all' (the subject's whole state), not \(node.kindDescription); to reset one tip use 'tip.reset', one scenario 'scenario.reset'", at: node.span)
                return nil
            }
            return .resetAll
        case "group.current":
            return declared(node, what, kind: "group", in: configuration.groups, step: step).map(TraceOperation.groupCurrent)
        case "scenario.trigger":
            guard let id = scenario(node, what, step: step) else { return nil }
            if let event = configuration.scenarios[id]?.event {
                reader.diagnostics.error("trace.argument", "scenario '\(id)' counts the event '\(event)': donate that event instead of triggering the scenario (\(step))", at: node.span)
                return nil
            }
            return .scenarioTrigger(id)
        case "scenario.try":
            return scenario(node, what, step: step).map(TraceOperation.scenarioTry)
        case "scenario.status":
            return scenario(node, what, step: step).map(TraceOperation.scenarioStatus)
        case "scenario.reset":
            return scenario(node, what, step: step).map(TraceOperation.scenarioReset)
        case "whatsNew.next":
            return flag(node, what) ? .whatsNewNext : nil
        case "whatsNew.present":
            return flag(node, what) ? .whatsNewPresent : nil
        case "whatsNew.mark":
            return reader.version(node, what).map(TraceOperation.whatsNewMark)
        case "whatsNew.unmark":
            if node.isPlainScalar, node.scalarText == "all" { return .whatsNewUnmark(nil) }
            return reader.version(node, what).map(TraceOperation.whatsNewUnmark)
        case "explain.tip":
            return tip(node, what, step: step).map(TraceOperation.explainTip)
        case "explain.scenario":
            return scenario(node, what, step: step).map(TraceOperation.explainScenario)
        default:
            return nil  // not an operation key; `fields` allowed none other
        }
    }

    /// `set:` (stored parameters) or `transient:` (transient ones): a mapping of declared
    /// parameters to values of their declared types.
    mutating func parameters(_ node: YAMLNode, _ what: String, step: String, transient: Bool) -> [NamedValue]? {
        guard case .mapping(let pairs) = node.content else {
            reader.typeError(node, what, expected: "a mapping of parameters to values such as {isLoggedIn: true}")
            return nil
        }
        guard !pairs.isEmpty else {
            reader.diagnostics.error("trace.argument", "\(what) names no parameter; give one or more 'PARAMETER: VALUE'", at: node.span)
            return nil
        }
        var values: [NamedValue] = []
        var complete = true
        for pair in pairs {
            guard let name = declared(pair.key, "a parameter in \(what)", kind: "parameter", in: configuration.parameters, step: step),
                  let declaration = configuration.parameters[name] else {
                complete = false
                continue
            }
            if declaration.isTransient != transient {
                let message = transient
                    ? "parameter '\(name)' is not transient: set it with 'set:' (\(step))"
                    : "parameter '\(name)' is transient: it is never stored; give its value in the step's 'transient:' (\(step))"
                reader.diagnostics.error("trace.argument", message, at: pair.key.span)
                complete = false
                continue
            }
            guard let value = reader.value(pair.value, of: declaration.type, "the value of parameter '\(name)' in \(step)") else {
                complete = false
                continue
            }
            values.append(NamedValue(name: name, value: value))
        }
        return complete ? values : nil
    }

    /// `info:` of a donation: declared fields of the event with values of their declared types.
    private mutating func readInfo(_ node: YAMLNode, event: EventDeclaration?, step: String) -> [NamedValue]? {
        guard case .mapping(let pairs) = node.content else {
            reader.typeError(node, "'info' of \(step)", expected: "a mapping of info fields to values such as {landmark: Tower}")
            return nil
        }
        guard let event else { return nil }  // the undeclared event is reported; its fields are unknown
        var values: [NamedValue] = []
        var complete = true
        for pair in pairs {
            guard let name = pair.key.scalarText else { continue }
            guard let type = event.infoType(name) else {
                let known = event.infoFields.map(\.name)
                let hint = known.isEmpty ? " (the event declares no info fields)" : NameSuggester.hint(for: name, among: known)
                reader.diagnostics.error("config.unknownKey", "unknown info field '\(name)' of event '\(event.id)' in \(step)\(hint)", at: pair.key.span)
                complete = false
                continue
            }
            guard let value = reader.value(pair.value, of: type, "info field '\(name)' of \(step)") else {
                complete = false
                continue
            }
            values.append(NamedValue(name: name, value: value))
        }
        return complete ? values : nil
    }

    private mutating func tip(_ node: YAMLNode, _ what: String, step: String) -> String? {
        declared(node, what, kind: "tip", in: configuration.tips, step: step)
    }

    private mutating func scenario(_ node: YAMLNode, _ what: String, step: String) -> String? {
        declared(node, what, kind: "scenario", in: configuration.scenarios, step: step)
    }

    /// An id that `declarations` must hold; an undeclared one is reported with "did you mean".
    private mutating func declared<T: Declared>(_ node: YAMLNode, _ what: String, kind: String,
                                                in declarations: Declarations<T>, step: String) -> String? {
        guard let id = node.scalarText, !node.isNull else {
            reader.typeError(node, what, expected: "a \(kind) id")
            return nil
        }
        guard declarations.contains(id) else {
            reader.diagnostics.error("config.undeclared", "\(step) refers to \(kind) '\(id)', which is not declared\(NameSuggester.hint(for: id, among: declarations.ids))", at: node.span)
            return nil
        }
        return id
    }

    /// The value of an argument that the operation `pair` needs, or a report that it is missing.
    private mutating func required(_ key: String, of pair: YAMLPair, _ fields: Fields, step: String, hint: String) -> YAMLNode? {
        if let node = fields[key] { return node }
        let name = pair.key.scalarText ?? ""
        reader.diagnostics.error("config.missingKey", "'\(name)' in \(step) needs '\(key):' (\(hint))", at: pair.key.span)
        return nil
    }

    /// `true`, or nothing: the operations that take no argument.
    private mutating func flag(_ node: YAMLNode, _ what: String) -> Bool {
        if node.isNull { return true }
        if node.isPlainScalar, let text = node.scalarText, ["true", "True", "TRUE"].contains(text) { return true }
        reader.diagnostics.error("config.value", "\(what) must be true, not \(node.kindDescription)", at: node.span)
        return false
    }
}
