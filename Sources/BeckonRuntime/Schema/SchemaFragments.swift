import BeckonConfig

/// The JSON Schema pieces the configuration's schema is made of: one per value form of the
/// `Docs/configuration.md`'s "Common value forms", and the mappings of the key catalog.
enum SchemaFragments {
    /// A mapping of one kind of the key catalog, closed to other keys. `properties` must name
    /// exactly the catalog's keys, in its order: the schema cannot describe a key the loader
    /// refuses, nor miss one it reads (a mismatch is a programming error, caught by any run).
    static func mapping(_ kind: MappingKeys, _ description: String, properties: KeyValuePairs<String, JSONValue>,
                        nullable: Bool = false, requiring: Bool = true) -> JSONValue {
        let names = properties.map(\.key)
        precondition(names == kind.keys, "the schema's keys \(names) differ from the loader's \(kind.keys)")
        var members: [(String, JSONValue)] = [
            ("type", nullable ? .array([.string("object"), .string("null")]) : .string("object")),
            ("description", .string(description)),
            ("properties", .object(JSONObject(properties.map { ($0.key, $0.value) }))),
            ("additionalProperties", .bool(false)),
        ]
        if requiring, !kind.required.isEmpty {
            members.append(("required", .array(kind.required.map(JSONValue.string))))
        }
        return .object(JSONObject(members))
    }

    /// A mapping from ids (`tips.ID`, …) to declarations; an empty section (`tips:`) is allowed.
    static func declarations(_ description: String, of declaration: JSONValue) -> JSONValue {
        object([
            ("type", .array([.string("object"), .string("null")])),
            ("description", .string(description)),
            ("propertyNames", object([("pattern", .string(ConfigurationValues.idPattern))])),
            ("additionalProperties", declaration),
            ("default", .object([:])),
        ])
    }

    /// Text: any scalar (a plain `12` is the text "12").
    static func text(_ description: String) -> JSONValue {
        object([("type", types("string", "number", "boolean")), ("description", .string(description))])
    }

    /// A content text: text (the default locale's) or a mapping from BCP 47 tags to texts.
    static func content(_ description: String) -> JSONValue {
        let scalar = object([("type", types("string", "number", "boolean"))])
        return object([
            ("description", .string(description + " Text in the default locale (app.defaultLocale), or a mapping from BCP 47 language tags to texts that has the default locale's.")),
            ("anyOf", .array([
                scalar,
                object([
                    ("type", .string("object")), ("minProperties", .int(1)),
                    ("propertyNames", object([("pattern", .string(ConfigurationValues.languageTagPattern))])),
                    ("additionalProperties", scalar),
                ]),
            ])),
        ])
    }

    /// A rule: an expression in a string, checked by `beckon check`, not by the schema.
    static func rules(_ description: String) -> JSONValue {
        list(description, of: text("a rule: an expression in a YAML string"), default: .array([]))
    }

    /// An id (`[A-Za-z][A-Za-z0-9_-]*`).
    static func id(_ description: String) -> JSONValue {
        object([("type", .string("string")), ("description", .string(description)), ("pattern", .string(ConfigurationValues.idPattern))])
    }

    /// A plain integer of at least `minimum`.
    static func integer(_ description: String, minimum: Int64? = nil, default value: Int64? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("integer")), ("description", .string(description))]
        if let minimum { members.append(("minimum", .int(minimum))) }
        if let value { members.append(("default", .int(value))) }
        return object(members)
    }

    /// `true` or `false`.
    static func boolean(_ description: String, default value: Bool? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("boolean")), ("description", .string(description))]
        if let value { members.append(("default", .bool(value))) }
        return object(members)
    }

    /// A duration literal (`500ms`, `7d`, `1d12h`); a bare number is refused.
    static func duration(_ description: String, default value: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("string")), ("description", .string(description)), ("pattern", .string(ConfigurationValues.durationPattern)),
        ]
        if let value { members.append(("default", .string(value))) }
        return object(members)
    }

    /// A duration literal or a plain number of seconds (the keys whose name ends in `Seconds`).
    static func secondsOrDuration(_ description: String) -> JSONValue {
        object([
            ("type", types("string", "number")), ("description", .string(description)),
            ("pattern", .string(ConfigurationValues.durationPattern)), ("minimum", .int(0)),
        ])
    }

    /// A version `MAJOR[.MINOR[.PATCH]]`; a plain `2` or `1.2` reads as a number in YAML.
    static func version(_ description: String) -> JSONValue {
        object([
            ("type", types("string", "number")), ("description", .string(description)),
            ("pattern", .string(ConfigurationValues.versionPattern)), ("minimum", .int(0)),
        ])
    }

    /// An instant: ISO-8601 text or an integer of Unix milliseconds.
    static func timestamp(_ description: String) -> JSONValue {
        object([
            ("description", .string(description)),
            ("anyOf", .array([
                object([("type", .string("string")), ("pattern", .string(ConfigurationValues.timestampPattern))]),
                object([("type", .string("integer"))]),
            ])),
        ])
    }

    /// One of a list of names.
    static func choice(_ values: [String], _ description: String, default value: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("string")), ("description", .string(description)), ("enum", .array(values.map(JSONValue.string))),
        ]
        if let value { members.append(("default", .string(value))) }
        return object(members)
    }

    /// A list of `items`.
    static func list(_ description: String, of items: JSONValue, default value: JSONValue? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string("array")), ("description", .string(description)), ("items", items)]
        if let value { members.append(("default", value)) }
        return object(members)
    }

    /// Any YAML, handed to a plugin as JSON: the plugin checks it, not the schema.
    static func anyValue(_ description: String) -> JSONValue {
        object([("description", .string(description))])
    }

    /// An object with these members, in this order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }

    /// A `type` that admits several JSON types.
    static func types(_ names: String...) -> JSONValue {
        .array(names.map(JSONValue.string))
    }
}
