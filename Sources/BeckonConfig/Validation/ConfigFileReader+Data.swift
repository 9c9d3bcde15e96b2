import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Parameters and events: the data that rules read.
extension ConfigFileReader {
    mutating func readParameters(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "parameters", kind: "parameter") { this, id, pair in
            let what = "parameter '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, ConfigurationKeys.parameter,
                                                  missingAt: pair.key.span),
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
            guard let fields = this.reader.fields(pair.value, what, ConfigurationKeys.event, allowNull: true) else { return }
            var event = EventDeclaration(id: id, span: pair.key.span)
            if let info = fields["info"] { event.infoFields = this.readInfoFields(info, what) }
            if let retention = fields["retention"],
               let limits = this.reader.fields(retention, "the retention of \(what)", ConfigurationKeys.eventRetention) {
                if let maxCount = limits["maxCount"] {
                    event.maxLogCount = this.reader.int(maxCount, "'retention.maxCount' of \(what)", minimum: 1) ?? event.maxLogCount
                }
                if let maxAge = limits["maxAge"], let age = this.reader.duration(maxAge, "'retention.maxAge' of \(what)") {
                    // A store reads an age of 0 as no limit; an explicit limit must keep something.
                    if age > 0 {
                        event.maxAge = age
                    } else {
                        this.reader.diagnostics.error("config.range", "'retention.maxAge' of \(what) must be more than 0s; leave it out for no age limit", at: maxAge.span)
                    }
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
            let names = ConfigurationValues.infoFieldTypes
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
///
/// Everything must reach the plugin as the same value in canonical JSON: an integer is read in
/// decimal (`012` is 12, `+5` is 5) and must fit in 64 bits, and a number must fit in a double.
/// What does not is refused at its position (`config.range`) rather than handed over changed
/// (an integer beyond 64 bits as a double, say).
enum ConfigValueReader {
    static func value(of node: YAMLNode, diagnostics: inout DiagnosticList) -> ConfigValue {
        switch node.content {
        case .mapping(let pairs):
            // Keys are text: the YAML reader refuses any other.
            return .map(pairs.map { ($0.key.scalarText ?? "", value(of: $0.value, diagnostics: &diagnostics)) })
        case .sequence(let items):
            return .list(items.map { value(of: $0, diagnostics: &diagnostics) })
        case .scalar(let text, _):
            guard node.isPlainScalar else { return .string(text) }
            if node.isNull { return .null }
            if node.tag == .float, let number = YAMLNode.number(text) { return .double(number) }
            if let value = YAMLNode.boolean(text) { return .bool(value) }
            if let integer = Int64(text) { return .int(integer) }
            if isDecimalInteger(text) {
                diagnostics.error("config.range", "\(text) is beyond the 64-bit integers a plugin receives "
                    + "(\(Int64.min)…\(Int64.max)); quote it to pass it as text", at: node.span)
                return .null
            }
            guard let number = YAMLNode.spelledNumber(text) else { return .string(text) }
            guard number.isFinite else {
                diagnostics.error("config.range", "\(text) is beyond the numbers a plugin receives (64-bit doubles); "
                    + "quote it to pass it as text", at: node.span)
                return .null
            }
            return .double(number)
        }
    }

    /// `[-+]?[0-9]+`: what YAML reads as an integer.
    private static func isDecimalInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") || text.utf8.first == UInt8(ascii: "+") ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The span of every node of the subtree by its RFC 6901 JSON pointer: a mapping's value by
    /// its key, a list's item by its index ("/holidays/2"); `~` and `/` in keys are escaped.
    static func spans(of node: YAMLNode, pointer: String = "") -> [String: SourceSpan] {
        var spans = [pointer: node.span]
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs {
                spans.merge(self.spans(of: pair.value, pointer: pointer + "/" + pointerToken(pair.key))) { first, _ in first }
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

    /// The span of every mapping key of the subtree, by the JSON pointer of the member it names
    /// ("/weekends" for the key `weekends`), for problems about a key rather than its value.
    static func keySpans(of node: YAMLNode, pointer: String = "") -> [String: SourceSpan] {
        var spans: [String: SourceSpan] = [:]
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs {
                let member = pointer + "/" + pointerToken(pair.key)
                if spans[member] == nil { spans[member] = pair.key.span }
                spans.merge(keySpans(of: pair.value, pointer: member)) { first, _ in first }
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                spans.merge(keySpans(of: item, pointer: pointer + "/\(index)")) { first, _ in first }
            }
        case .scalar:
            break
        }
        return spans
    }

    /// A mapping key as one RFC 6901 reference token: `~` and `/` escaped.
    private static func pointerToken(_ key: YAMLNode) -> String {
        var escaped = ""
        for character in key.scalarText ?? "" {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
