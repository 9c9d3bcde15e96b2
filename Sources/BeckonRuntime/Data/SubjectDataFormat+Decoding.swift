public import BeckonCore
import BeckonDiagnostics
import BeckonRules

extension SubjectDataFormat {
    /// Reads one line (its bytes without the `\n`), checking it against `configuration`: every
    /// id declared, every value of its declared type, the format version known. Throws the
    /// first fault with the line's number and the member's path. A byte order mark that starts
    /// the first line (as some editors save UTF-8) is passed over, as RFC 8259 §8.1 allows; the
    /// bytes named in messages count it still.
    public static func decode(_ line: [UInt8], line number: Int, configuration: Configuration) throws(SubjectDataLineError) -> (subject: String, snapshot: SubjectSnapshot) {
        let skipped = number == 1 && line.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        let bytes = skipped == 0 ? line : Array(line.dropFirst(skipped))
        if let invalid = UTF8Text.firstInvalidByte(in: bytes) {
            let offset = skipped + invalid
            throw SubjectDataLineError(line: number, path: "", message: "not UTF-8 text (byte \(offset + 1) of the line)")
        }
        let json: ParsedJSON
        do { json = try JSONParser.parse(bytes) } catch {
            throw SubjectDataLineError(line: number, path: "", message: "not valid JSON at byte \(skipped + error.offset): \(error.message)")
        }
        var reader = LineReader(line: number, configuration: configuration)
        return try reader.subject(json)
    }

    /// U+FEFF in UTF-8.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// Reads a parsed line into a snapshot, naming each fault's path.
private struct LineReader {
    let line: Int
    let configuration: Configuration

    func fail(_ path: [String], _ message: String) -> SubjectDataLineError {
        fail(JSONShapeError(path, message))
    }

    func fail(_ error: JSONShapeError) -> SubjectDataLineError {
        SubjectDataLineError(line: line, path: error.pointer, message: error.message)
    }

    mutating func subject(_ json: ParsedJSON) throws(SubjectDataLineError) -> (subject: String, snapshot: SubjectSnapshot) {
        let members = try object(json, [], known: ["format", "subject", "version", "parameters", "events", "logs", "tips",
                                                     "scenarios", "lastNewTipDisplay", "whatsNew"])
        let format = try integer(try required(members, "format", []), ["format"])
        guard format == SubjectDataFormat.version else {
            throw fail(["format"], "format \(format) is not known to this Beckon (it reads format \(SubjectDataFormat.version))")
        }
        guard case .string(let subject) = try required(members, "subject", []), !subject.isEmpty else {
            throw fail(["subject"], "expected the subject's id, a non-empty string")
        }
        if let problem = SubjectID.lengthProblem(subject) { throw fail(["subject"], problem) }
        let recordVersion = try integer(try required(members, "version", []), ["version"])
        guard recordVersion >= 1 else { throw fail(["version"], "expected a version of 1 or more, got \(recordVersion)") }
        var record = SubjectRecord()
        var logs: [String: [Donation]] = [:]
        if let value = members["parameters"] {
            for (id, item) in try object(value, ["parameters"]) {
                guard let declaration = configuration.parameters[id], !declaration.isTransient else {
                    throw fail(["parameters", id], configuration.parameters[id] == nil ? "no parameter '\(id)' is declared" : "'\(id)' is transient: it is never stored")
                }
                record.parameters[id] = try self.value(item, declaration.type, ["parameters", id])
            }
        }
        if let value = members["events"] {
            for (id, item) in try object(value, ["events"]) {
                guard configuration.events[id] != nil else { throw fail(["events", id], "no event '\(id)' is declared") }
                let counters = try object(item, ["events", id], known: ["count", "first", "last"])
                record.events[id] = EventCounters(count: try integer(try required(counters, "count", ["events", id]), ["events", id, "count"]),
                                                  first: try optionalInteger(counters, "first", ["events", id]),
                                                  last: try optionalInteger(counters, "last", ["events", id]))
            }
        }
        if let value = members["logs"] {
            for (id, item) in try object(value, ["logs"]) {
                guard let event = configuration.events[id] else { throw fail(["logs", id], "no event '\(id)' is declared") }
                guard case .array(let items) = item else { throw fail(["logs", id], "expected an array of donations, got \(item.shown)") }
                var donations: [Donation] = []
                for (index, entry) in items.enumerated() {
                    let path = ["logs", id, String(index)]
                    let donation = try object(entry, path, known: ["at", "info"])
                    var info = [Value](repeating: .null, count: event.infoFields.count)
                    if let given = donation["info"] {
                        for (name, field) in try object(given, path + ["info"]) {
                            guard let position = event.infoFields.firstIndex(where: { $0.name == name }) else {
                                throw fail(path + ["info", name], "event '\(id)' declares no info field '\(name)'")
                            }
                            info[position] = try self.value(field, event.infoFields[position].type, path + ["info", name])
                        }
                    }
                    donations.append(Donation(time: try integer(try required(donation, "at", path), path + ["at"]), info: info))
                }
                if !donations.isEmpty { logs[id] = donations }
            }
        }
        if let value = members["tips"] {
            for (id, item) in try object(value, ["tips"]) {
                guard configuration.tips[id] != nil else { throw fail(["tips", id], "no tip '\(id)' is declared") }
                let path = ["tips", id]
                let tip = try object(item, path, known: ["displayCount", "displayDuration", "firstDisplay", "lastDisplay", "invalidation"])
                var reason: InvalidationReason?
                if let given = tip["invalidation"], given != .null {
                    let spellings = InvalidationReason.allCases.map { $0.spelling.description }
                    guard case .string(let text) = given, let index = spellings.firstIndex(of: text) else {
                        throw fail(path + ["invalidation"], "expected one of \(spellings.joined(separator: ", ")), got \(given.shown)")
                    }
                    reason = InvalidationReason.allCases[index]
                }
                record.tips[id] = TipRecord(displayCount: try optionalInteger(tip, "displayCount", path) ?? 0,
                                            firstDisplay: try optionalInteger(tip, "firstDisplay", path),
                                            lastDisplay: try optionalInteger(tip, "lastDisplay", path),
                                            displayDuration: try optionalInteger(tip, "displayDuration", path) ?? 0,
                                            invalidation: reason)
            }
        }
        if let value = members["scenarios"] {
            for (id, item) in try object(value, ["scenarios"]) {
                guard configuration.scenarios[id] != nil else { throw fail(["scenarios", id], "no scenario '\(id)' is declared") }
                let path = ["scenarios", id]
                let scenario = try object(item, path, known: ["events", "firstEvent", "lastEvent", "executions", "lastExecution",
                                                              "resetAt", "eventCountAtReset"])
                record.scenarios[id] = ScenarioRecord(
                    events: try optionalInteger(scenario, "events", path) ?? 0, firstEvent: try optionalInteger(scenario, "firstEvent", path),
                    lastEvent: try optionalInteger(scenario, "lastEvent", path), executions: try optionalInteger(scenario, "executions", path) ?? 0,
                    lastExecution: try optionalInteger(scenario, "lastExecution", path), resetAt: try optionalInteger(scenario, "resetAt", path),
                    eventCountAtReset: try optionalInteger(scenario, "eventCountAtReset", path) ?? 0)
            }
        }
        record.lastNewTipDisplay = try optionalInteger(members, "lastNewTipDisplay", [])
        if let value = members["whatsNew"] {
            let whatsNew = try object(value, ["whatsNew"], known: ["presented", "lastSeen", "previous"])
            if let presented = whatsNew["presented"] {
                guard case .array(let items) = presented else { throw fail(["whatsNew", "presented"], "expected an array of versions, got \(presented.shown)") }
                for (index, item) in items.enumerated() {
                    record.whatsNew.presented.insert(try version(item, ["whatsNew", "presented", String(index)]))
                }
            }
            if let seen = whatsNew["lastSeen"], seen != .null { record.whatsNew.lastSeenAppVersion = try version(seen, ["whatsNew", "lastSeen"]) }
            if let previous = whatsNew["previous"], previous != .null { record.whatsNew.previousAppVersion = try version(previous, ["whatsNew", "previous"]) }
        }
        return (subject, SubjectSnapshot(record: record, version: recordVersion, logs: logs))
    }

    // MARK: Members

    /// An object's members by name; with `known`, any other member is refused.
    func object(_ json: ParsedJSON, _ path: [String], known: Set<String>? = nil) throws(SubjectDataLineError) -> [String: ParsedJSON] {
        do { return try json.members(at: path, known: known) } catch { throw fail(error) }
    }

    func required(_ members: [String: ParsedJSON], _ key: String, _ path: [String]) throws(SubjectDataLineError) -> ParsedJSON {
        do { return try ParsedJSON.required(members, key, at: path) } catch { throw fail(error) }
    }

    func integer(_ json: ParsedJSON, _ path: [String]) throws(SubjectDataLineError) -> Int64 {
        guard case .number(let text) = json, let value = Int64(text) else {
            throw fail(path, "expected an integer, got \(json.shown)")
        }
        return value
    }

    func optionalInteger(_ members: [String: ParsedJSON], _ key: String, _ path: [String]) throws(SubjectDataLineError) -> Int64? {
        guard let value = members[key], value != .null else { return nil }
        return try integer(value, path + [key])
    }

    func version(_ json: ParsedJSON, _ path: [String]) throws(SubjectDataLineError) -> Version {
        guard case .string(let text) = json, let version = Version(text) else {
            throw fail(path, "expected a version such as \"1.2.0\", got \(json.shown)")
        }
        return version
    }

    /// A value of the declared type, in the JSON type `SubjectDataFormat.json` writes it in.
    func value(_ json: ParsedJSON, _ type: ValueType, _ path: [String]) throws(SubjectDataLineError) -> Value {
        if json == .null { return .null }
        switch (type, json) {
        case (.bool, .bool(let value)): return .bool(value)
        case (.int, .number(let text)):
            if let value = Int64(text) { return .int(value) }
        case (.double, .number(let text)):
            if let value = Double(text), value.isFinite { return .double(value) }
        case (.string, .string(let text)): return .string(text)
        case (.duration, .number(let text)):
            if let value = Int64(text) { return .duration(value) }
        case (.timestamp, .number(let text)):
            if let value = Int64(text) { return .timestamp(value) }
        case (.version, .string(let text)):
            if let version = Version(text) { return .version(version) }
        case (.list(let element), .array(let items)):
            var values: [Value] = []
            for (index, item) in items.enumerated() { values.append(try value(item, element, path + [String(index)])) }
            return .list(values)
        default: break
        }
        throw fail(path, "expected \(Self.expectation(type)), got \(json.shown)")
    }

    static func expectation(_ type: ValueType) -> String {
        switch type {
        case .bool: "a bool"
        case .int: "an int"
        case .double: "a double"
        case .string: "a string"
        case .duration: "a duration (integer milliseconds)"
        case .timestamp: "a timestamp (integer Unix milliseconds)"
        case .version: "a version such as \"1.2.0\""
        case .list(let element): "a list<\(element)>"
        case .null: "null"
        }
    }
}
