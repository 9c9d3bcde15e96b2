public import BeckonCore
import BeckonRules

/// The portable form of a subject's data: JSON Lines, one subject a line, `"format": 1`.
///
/// A line holds everything a `SubjectSnapshot` holds, by the configuration's ids: `subject`,
/// `version`, `parameters` (by id), `events` (each event's `count`, `first`, `last`), `logs`
/// (each event's donations, oldest first, as `{"at": ms, "info": {field: value}}`), `tips`,
/// `scenarios`, `lastNewTipDisplay` and `whatsNew` (`presented`, `lastSeen`, `previous`).
/// Instants are Unix milliseconds (integers); durations are milliseconds; versions are their
/// text (`"1.2.0"`); a value is written in the JSON type its declaration says (an int as an
/// integer, a double as a number that reads back to the same double). Keys are sorted, there
/// are no spaces, absent optionals are left out: the same state always gives the same bytes.
/// The JSON Schema of one line is `Docs/subject-data.schema.json`.
///
/// State of ids the configuration no longer declares (and a parameter whose value no longer
/// has the declared type) is left out of a line: the engine never reads it, and an import could
/// not check it. Copying a store (`SubjectData.copy`) carries such state over as it is.
public enum SubjectDataFormat {
    /// The format version every line carries.
    public static let version: Int64 = 1

    /// The line (with its `\n`) for `subject`'s `snapshot`, by `configuration`'s ids.
    public static func line(subject: String, snapshot: SubjectSnapshot, configuration: Configuration) -> [UInt8] {
        var text = Array(object(subject: subject, snapshot: snapshot, configuration: configuration).text.utf8)
        text.append(UInt8(ascii: "\n"))
        return text
    }

    /// The line's content as an object; `version` nil leaves the version out (to compare two
    /// subjects' states whatever their versions).
    static func object(subject: String, snapshot: SubjectSnapshot, configuration: Configuration, withVersion: Bool = true) -> JSONValue {
        let record = snapshot.record
        var parameters: [(String, JSONValue)] = []
        for (id, value) in record.parameters {
            guard let declaration = configuration.parameters[id], !declaration.isTransient, value.conforms(to: declaration.type) else { continue }
            parameters.append((id, json(value)))
        }
        var events: [(String, JSONValue)] = []
        for (id, counters) in record.events where configuration.events[id] != nil {
            var members: [(String, JSONValue)] = [("count", .int(counters.count))]
            if let first = counters.first { members.append(("first", .int(first))) }
            if let last = counters.last { members.append(("last", .int(last))) }
            events.append((id, .object(JSONObject(members))))
        }
        var logs: [(String, JSONValue)] = []
        for (id, donations) in snapshot.logs {
            guard let event = configuration.events[id], !donations.isEmpty else { continue }
            logs.append((id, .array(donations.map { donation(of: $0, event: event) })))
        }
        var tips: [(String, JSONValue)] = []
        for (id, tip) in record.tips where configuration.tips[id] != nil {
            var members: [(String, JSONValue)] = [("displayCount", .int(tip.displayCount)), ("displayDuration", .int(tip.displayDuration))]
            if let first = tip.firstDisplay { members.append(("firstDisplay", .int(first))) }
            if let last = tip.lastDisplay { members.append(("lastDisplay", .int(last))) }
            if let reason = tip.invalidation { members.append(("invalidation", .string(reason.spelling.description))) }
            tips.append((id, .object(JSONObject(members))))
        }
        var scenarios: [(String, JSONValue)] = []
        for (id, scenario) in record.scenarios where configuration.scenarios[id] != nil {
            var members: [(String, JSONValue)] = [("events", .int(scenario.events)), ("executions", .int(scenario.executions)),
                                                  ("eventCountAtReset", .int(scenario.eventCountAtReset))]
            if let value = scenario.firstEvent { members.append(("firstEvent", .int(value))) }
            if let value = scenario.lastEvent { members.append(("lastEvent", .int(value))) }
            if let value = scenario.lastExecution { members.append(("lastExecution", .int(value))) }
            if let value = scenario.resetAt { members.append(("resetAt", .int(value))) }
            scenarios.append((id, .object(JSONObject(members))))
        }
        var whatsNew: [(String, JSONValue)] = [
            ("presented", .array(record.whatsNew.presented.sorted().map { .string($0.description) })),
        ]
        if let seen = record.whatsNew.lastSeenAppVersion { whatsNew.append(("lastSeen", .string(seen.description))) }
        if let previous = record.whatsNew.previousAppVersion { whatsNew.append(("previous", .string(previous.description))) }
        var line: [(String, JSONValue)] = [
            ("format", .int(version)), ("subject", .string(subject)),
            ("parameters", .object(JSONObject(parameters))), ("events", .object(JSONObject(events))),
            ("logs", .object(JSONObject(logs))), ("tips", .object(JSONObject(tips))),
            ("scenarios", .object(JSONObject(scenarios))), ("whatsNew", .object(JSONObject(whatsNew))),
        ]
        if withVersion { line.append(("version", .int(snapshot.version))) }
        if let last = record.lastNewTipDisplay { line.append(("lastNewTipDisplay", .int(last))) }
        return .object(JSONObject(line))
    }

    private static func donation(of donation: Donation, event: EventDeclaration) -> JSONValue {
        var info: [(String, JSONValue)] = []
        for (field, value) in zip(event.infoFields, donation.info) where value != .null {
            info.append((field.name, json(value)))
        }
        return .object(JSONObject([("at", .int(donation.time)), ("info", .object(JSONObject(info)))]))
    }

    /// A value in the JSON type its declaration reads back: durations and instants as integer
    /// milliseconds, versions as text.
    static func json(_ value: Value) -> JSONValue {
        ValueRenderer.json(value, timesInMilliseconds: true)
    }
}
