import BeckonConfig
import BeckonCore
import BeckonRules

/// The declarations of a configuration in its schema: parameters, events, tips, groups, scenarios.
extension ConfigurationSchema {
    static var parameter: JSONValue {
        typealias F = SchemaFragments
        let declared = F.mapping(ConfigurationKeys.parameter, "A typed value per subject.", properties: [
            "type": F.choice(ConfigurationValues.parameterTypes, "The value's type."),
            "default": F.anyValue("The value while the subject has none set: a value of the parameter's type (null when absent)."),
            "transient": F.boolean("Never persisted; passed in with each evaluation.", default: false),
        ])
        guard case .object(var members) = declared else { return declared }
        // The default's form follows the declared type: one `if`/`then` per type name.
        let types = ValueType.scalarTypes + ValueType.scalarTypes.map(ValueType.list)
        members["allOf"] = .array(types.map { type in
            F.object([
                ("if", .object(["properties": .object(["type": .object(["const": .string(type.description)])]), "required": .array([.string("type")])])),
                ("then", .object(["properties": .object(["default": F.object([("anyOf", .array([.object(["type": .string("null")]), value(of: type)]))])])])),
            ])
        })
        return .object(members)
    }

    /// The schema of a value of a declared type (a parameter's default).
    private static func value(of type: ValueType) -> JSONValue {
        typealias F = SchemaFragments
        switch type {
        case .bool: return .object(["type": .string("boolean")])
        case .int: return .object(["type": .string("integer")])
        case .double: return .object(["type": .string("number")])
        case .string: return .object(["type": F.types("string", "number", "boolean")])
        case .duration: return .object(["type": .string("string"), "pattern": .string(ConfigurationValues.durationPattern)])
        case .version: return .object(["type": F.types("string", "number"), "pattern": .string(ConfigurationValues.versionPattern), "minimum": .int(0)])
        case .timestamp:
            return .object(["anyOf": .array([
                .object(["type": .string("string"), "pattern": .string(ConfigurationValues.timestampPattern)]),
                .object(["type": .string("integer")]),
            ])])
        case .list(let element): return .object(["type": .string("array"), "items": value(of: element)])
        case .null: return .object(["type": .string("null")])
        }
    }

    static var event: JSONValue {
        typealias F = SchemaFragments
        return F.mapping(ConfigurationKeys.event, "An event that can be donated; may be declared empty (appLaunched: {} or appLaunched:).", properties: [
            "info": F.object([
                ("type", .string("object")),
                ("description", .string("Typed fields a donation may carry: field name to scalar type.")),
                ("propertyNames", .object(["pattern": .string(ConfigurationValues.idPattern)])),
                ("additionalProperties", F.choice(ConfigurationValues.infoFieldTypes, "The field's type.")),
                ("default", .object([:])),
            ]),
            "retention": F.mapping(ConfigurationKeys.eventRetention, "How much of the event's log is kept.", properties: [
                "maxCount": F.integer("How many recent donations the log keeps per subject.", minimum: 1,
                                      default: Int64(EventDeclaration.defaultMaxLogCount)),
                "maxAge": F.duration("How old a logged donation may get (more than 0s), counted back from the newest; no limit when absent."),
            ]),
        ], nullable: true)
    }

    static var tip: JSONValue {
        typealias F = SchemaFragments
        let action = F.mapping(ConfigurationKeys.tipAction, "A button of the tip.", properties: [
            "id": F.id("An id unique within the tip."),
            "title": F.content("The button's title."),
        ])
        return F.mapping(ConfigurationKeys.tip, "A tip.", properties: [
            "title": F.content("The tip's title."),
            "message": F.content("The tip's message."),
            "image": F.text("An image name for the host."),
            "actions": F.list("Buttons, each an id and a title.", of: action, default: .array([])),
            "rules": F.rules("All must hold for the tip to be available."),
            "maxDisplayCount": F.integer("After this many displays the tip is invalidated (displayCountExceeded); no limit when absent.", minimum: 1),
            "maxDisplayDuration": F.duration("After this much on-screen time the tip is invalidated (displayDurationExceeded); no limit when absent."),
            "ignoresDisplayFrequency": F.boolean("Not gated by display.frequency.", default: false),
        ])
    }

    static var group: JSONValue {
        typealias F = SchemaFragments
        return F.mapping(ConfigurationKeys.group, "A tip group.", properties: [
            "priority": F.choice(ConfigurationValues.groupPriorities, "How the group's current tip is chosen.",
                                 default: TipGroupPriority.firstAvailable.rawValue),
            "tips": F.object([
                ("type", .string("array")), ("description", .string("Members in order; each a declared tip, in at most one group.")),
                ("items", F.id("a tip id")), ("minItems", .int(1)),
            ]),
        ])
    }

    static var scenario: JSONValue {
        typealias F = SchemaFragments
        let declared = F.mapping(ConfigurationKeys.scenario, "A one-off scenario; every setting is optional, and an unset check passes.", properties: [
            "minEventsRequired": F.integer("Passes when events >= N.", minimum: 0),
            "maxEventsPermitted": F.integer("Passes when events <= N (0: only before the first event).", minimum: 0),
            "maxExecutionsPermitted": F.integer("Passes when executions < N.", minimum: 0),
            "conditions": F.rules("All must hold."),
            "event": F.id("Count this declared event's donations instead of the scenario's own triggers."),
            "minTimeSinceFirstEvent": F.duration("Passes when no event yet, or now - first event > D."),
            "minSecondsSinceFirstEvent": F.secondsOrDuration("WaitForIt's name for minTimeSinceFirstEvent: seconds or a duration; set one of the two."),
            "minTimeSinceLastEvent": F.duration("Passes when no event yet, or now - last event > D."),
            "minSecondsSinceLastEvent": F.secondsOrDuration("WaitForIt's name for minTimeSinceLastEvent: seconds or a duration; set one of the two."),
            "minTimeBetweenExecutions": F.duration("Passes when never executed, or now - last execution > D."),
            "minSecondsBetweenExecutions": F.secondsOrDuration("WaitForIt's name for minTimeBetweenExecutions: seconds or a duration; set one of the two."),
        ], nullable: true)
        guard case .object(var members) = declared else { return declared }
        // A setting and its WaitForIt alias: one or the other, never both.
        members["allOf"] = .array(ConfigurationKeys.scenarioDurationAliases.map { pair in
            .object(["not": .object(["type": .string("object"), "required": .array([.string(pair.name), .string(pair.alias)])])])
        })
        return .object(members)
    }
}
