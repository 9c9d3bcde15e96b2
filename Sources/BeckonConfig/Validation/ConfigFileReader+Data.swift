import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Parameters and events: the data that rules read.
extension ConfigFileReader {
    mutating func readParameters(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "parameters", kind: "parameter") { this, id, pair in
            let what = "parameter '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, keys: ["type", "default", "transient"],
                                                  required: ["type"], missingAt: pair.key.span),
                  let typeNode = fields["type"], let typeName = this.reader.string(typeNode, "the type of \(what)") else { return }
            guard let type = ValueType(declaration: typeName) else {
                this.reader.diagnostics.error("config.value", "the type of \(what) must be bool, int, double, string, version, timestamp, duration or list<T> of one of those, not '\(typeName)'\(NameSuggester.hint(for: typeName, among: ValueType.declarationNames))", at: typeNode.span)
                return
            }
            var defaultValue = Value.null
            if let node = fields["default"] {
                guard let value = this.reader.value(node, of: type, "the default of \(what)") else { return }
                defaultValue = value
            }
            let transient = fields["transient"].flatMap { this.reader.bool($0, "'transient' of \(what)") } ?? false
            this.assembly.parameters.append(ParameterDeclaration(id: id, type: type, defaultValue: defaultValue,
                                                                  isTransient: transient, span: pair.key.span))
        }
    }

    mutating func readEvents(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "events", kind: "event") { this, id, pair in
            let what = "event '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, keys: ["info", "retention"], allowNull: true) else { return }
            var event = EventDeclaration(id: id, span: pair.key.span)
            if let info = fields["info"] { event.infoFields = this.readInfoFields(info, what) }
            if let retention = fields["retention"],
               let limits = this.reader.fields(retention, "the retention of \(what)", keys: ["maxCount", "maxAge"]) {
                if let maxCount = limits["maxCount"] {
                    event.maxLogCount = this.reader.int(maxCount, "'retention.maxCount' of \(what)", minimum: 1) ?? event.maxLogCount
                }
                if let maxAge = limits["maxAge"] {
                    event.maxAge = this.reader.duration(maxAge, "'retention.maxAge' of \(what)")
                }
            }
            this.assembly.events.append(event)
        }
    }

    private mutating func readInfoFields(_ node: YAMLNode, _ what: String) -> [InfoField] {
        guard let pairs = reader.pairs(node, "the info of \(what)") else { return [] }
        var fields: [InfoField] = []
        for pair in pairs {
            guard let name = reader.id(pair.key, kind: "info field"),
                  let typeName = reader.string(pair.value, "the type of info field '\(name)' of \(what)") else { continue }
            let names = ValueType.scalarTypes.map(\.description)
            guard let type = ValueType(declaration: typeName), names.contains(typeName) else {
                reader.diagnostics.error("config.value", "the type of info field '\(name)' of \(what) must be one of \(names.joined(separator: ", ")), not '\(typeName)'\(NameSuggester.hint(for: typeName, among: names))", at: pair.value.span)
                continue
            }
            fields.append(InfoField(name: name, type: type))
        }
        return fields
    }
}

extension NodeReader {
    /// A value of a declared type: a parameter's default.
    mutating func value(_ node: YAMLNode, of type: ValueType, _ what: String) -> Value? {
        if node.isNull { return .null }
        switch type {
        case .bool: return bool(node, what).map(Value.bool)
        case .int: return int(node, what).map { .int(Int64($0)) }
        case .double: return double(node, what).map(Value.double)
        case .string: return string(node, what).map(Value.string)
        case .duration: return duration(node, what).map(Value.duration)
        case .version: return version(node, what).map(Value.version)
        case .timestamp:
            return instant(node, what, expected: "a timestamp (ISO-8601 such as 2026-03-01T09:30:00Z, or Unix milliseconds)").map(Value.timestamp)
        case .list(let element):
            guard let items = list(node, what) else { return nil }
            var values: [Value] = []
            for item in items {
                guard let value = value(item, of: element, "an item of \(what)") else { return nil }
                values.append(value)
            }
            return .list(values)
        case .null:
            return .null
        }
    }
}

/// Converts any YAML subtree to a `ConfigValue` (plugin `config:` and store `options:`), applying
/// YAML's implicit types to plain scalars only.
enum ConfigValueReader {
    static func value(of node: YAMLNode) -> ConfigValue {
        switch node.content {
        case .mapping(let pairs):
            return .map(pairs.map { ($0.key.scalarText ?? "", value(of: $0.value)) })
        case .sequence(let items):
            return .list(items.map(value(of:)))
        case .scalar(let text, _):
            guard node.isPlainScalar else { return .string(text) }
            if node.isNull { return .null }
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if let integer = Int64(text) { return .int(integer) }
            if let number = Double(text), number.isFinite,
               text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) { return .double(number) }
            return .string(text)
        }
    }

    /// The span of every node of the subtree by its RFC 6901 JSON pointer: a mapping's value by
    /// its key, a list's item by its index ("/holidays/2"); `~` and `/` in keys are escaped.
    static func spans(of node: YAMLNode, pointer: String = "") -> [String: SourceSpan] {
        var spans = [pointer: node.span]
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs {
                var escaped = ""
                for character in pair.key.scalarText ?? "" {
                    switch character {
                    case "~": escaped += "~0"
                    case "/": escaped += "~1"
                    default: escaped.append(character)
                    }
                }
                spans.merge(self.spans(of: pair.value, pointer: pointer + "/" + escaped)) { first, _ in first }
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                spans.merge(self.spans(of: item, pointer: pointer + "/\(index)")) { first, _ in first }
            }
        case .scalar:
            break
        }
        return spans
    }
}
