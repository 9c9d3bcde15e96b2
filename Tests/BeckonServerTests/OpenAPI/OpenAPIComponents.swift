import BeckonCore
import BeckonRules
import BeckonRuntime
@testable import BeckonServer

extension DerivedOpenAPIDocument {
    /// The document's `components`: request options, answers and problems (see `paths`).
    /// The schema of each member a JSON body may hold (`null` is the same as absent), as flow
    /// YAML; the bodies select theirs by the names the server reads (`DecisionInput.Body.members(of:)`,
    /// `DecisionInput.Body.sharedMembers`, `DecisionInput.Body.ownMembers`).
    static let memberSchemas: [String: String] = [
        "now": "{anyOf: [{$ref: '#/components/schemas/Instant'}, {$ref: '#/components/schemas/UnixMilliseconds'}, {type: 'null'}]}",
        // A number is read as its text (`2`, `1.5`): no schema says which numbers print as a version,
        // so every non-negative one is described and one that does not print as one is 422.
        "appVersion": "{anyOf: [{$ref: '#/components/schemas/Version'}, {type: number, minimum: 0}, {type: 'null'}]}",
        // Any text: one with no language range is 422 (`invalid_argument`), as a malformed version is.
        "locale": "{type: [string, 'null']}",
        // A value is read as its text, `null` as `null` (a string parameter takes it; a typed one
        // refuses it, 422): the server decides by the declaration, so the document says any scalar.
        "transients": "{type: [object, 'null'], propertyNames: {$ref: '#/components/schemas/Id'}, additionalProperties: {$ref: '#/components/schemas/Loose'}}",
        "info": "{type: [object, 'null'], additionalProperties: {$ref: '#/components/schemas/Loose'}}",
        "showTips": "{type: [array, 'null'], items: {$ref: '#/components/schemas/Id'}}",
        "hideTips": "{type: [array, 'null'], items: {$ref: '#/components/schemas/Id'}}",
        "showAllTips": "{type: [boolean, 'null']}", "hideAllTips": "{type: [boolean, 'null']}", "changes": "{type: [boolean, 'null']}",
        "tips": "{type: [array, 'null'], items: {type: string}}",
        "for": "{$ref: '#/components/schemas/Loose'}", "reason": "{$ref: '#/components/schemas/Loose'}", "value": "{$ref: '#/components/schemas/Loose'}",
    ]

    /// The members `names` as one line of flow YAML (`now: {…}, appVersion: {…}`), sorted, with
    /// `overriding`'s schemas in place of the common ones.
    static func members(_ names: Set<String>, overriding: [String: String] = [:]) -> String {
        names.sorted().map { "\($0): \(overriding[$0] ?? memberSchemas[$0] ?? "{}")" }.joined(separator: ", ")
    }

    /// A batch operation's rule for each own member (`ServerOperation.ownMembers`): absent, or the
    /// operation's that takes it; as flow YAML lines of an `allOf`.
    static var ownMemberRules: String {
        ServerOperation.ownMembers.sorted { $0.value < $1.value }.map { operation, member in
            "        - {anyOf: [{not: {required: [\(member)]}}, {properties: {op: {const: \(operation)}}}]}"
        }.joined(separator: "\n")
    }

    /// `ServerOperation.all`'s names whose id is `identified`, as a flow list.
    static func operations(_ identified: ServerOperation.Identified) -> String {
        "[" + ServerOperation.all.filter { $0.id == identified }.map(\.name).joined(separator: ", ") + "]"
    }

    static let components = #"""
    components:
      securitySchemes:
        bearer:
          type: http
          scheme: bearer
          description: 'A token from the server''s tokens file (`--tokens`) or `BECKON_TOKENS`: `read` tokens may ask (GET, batches of reads), `write` tokens may also record.'
      headers:
        ETag:
          description: The answer's entity tag; send it back in `If-None-Match` to get 304 while the answer is the same.
          schema: {type: string}
        Vary:
          description: '`Accept-Language` on answers with content: their text and `locale` depend on it (when no `locale` is given).'
          schema: {type: string}
      parameters:
        subject: {name: subject, in: path, required: true, description: 'The subject (a user, a device), percent-encoded; at most \#(SubjectID.maximumBytes) UTF-8 bytes (`subject_too_long`).', schema: {type: string, minLength: 1, maxLength: \#(SubjectID.maximumBytes)}}
        tip: {name: tip, in: path, required: true, description: A tip id the configuration declares., schema: {$ref: '#/components/schemas/Id'}}
        group: {name: group, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        event: {name: event, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        scenario: {name: scenario, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        name: {name: name, in: path, required: true, description: A stored parameter., schema: {$ref: '#/components/schemas/Id'}}
        version: {name: version, in: path, required: true, schema: {$ref: '#/components/schemas/Version'}}
        now: {name: now, in: query, required: false, description: 'The instant to decide at (ISO-8601); the server''s clock when absent.', schema: {$ref: '#/components/schemas/Instant'}}
        appVersion: {name: appVersion, in: query, required: false, description: The app's version; the configured one when absent., schema: {$ref: '#/components/schemas/Version'}}
        locale: {name: locale, in: query, required: false, description: 'The languages content is wanted in: a tag (`de-CH`), an Accept-Language list (`de-CH, fr;q=0.8`) or a POSIX locale name (`de_CH.UTF-8`); one with no language range is 422. Overrides `Accept-Language`; the configuration''s default locale when neither is given.', schema: {type: string}}
        acceptLanguage: {name: Accept-Language, in: header, required: false, description: 'The languages content is wanted in, with q-values (or a POSIX locale name, as `locale`), when no `locale` is given; a header with no usable range means the default locale.', schema: {type: string}}
        transient: {name: transient, in: query, required: false, description: 'A transient parameter, NAME=VALUE (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Assignment'}}}
        showTip: {name: showTip, in: query, required: false, description: 'Testing: show this tip whatever its rules (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Id'}}}
        hideTip: {name: hideTip, in: query, required: false, description: 'Testing: hide this tip (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Id'}}}
        showAllTips: {name: showAllTips, in: query, required: false, schema: {type: boolean}}
        hideAllTips: {name: hideAllTips, in: query, required: false, schema: {type: boolean}}
        tips: {name: tip, in: query, required: false, description: 'Narrow the overview''s tips to these (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Id'}}}
        ifNoneMatch: {name: If-None-Match, in: header, required: false, description: An ETag of an earlier answer; 304 when the answer is still the same., schema: {type: string}}
      requestBodies:
    \#(ofrepRequestBodies)
        Decision:
          required: false
          description: 'The request''s options (`null` is the same as absent). The server also reads them from the query; a member in both, or one the operation does not take, is a `usage` problem.'
          content: {application/json: {schema: {$ref: '#/components/schemas/DecisionBody'}}}
        Shown:
          required: true
          description: 'As `Decision`, with `for` required.'
          content: {application/json: {schema: {$ref: '#/components/schemas/ShownBody'}}}
        Invalidate:
          required: true
          description: 'As `Decision`, with `reason` required.'
          content: {application/json: {schema: {$ref: '#/components/schemas/InvalidateBody'}}}
        Value:
          required: true
          description: 'As `Decision`, with `value` required: the value as the CLI takes it, typed by the parameter''s declaration.'
          content: {application/json: {schema: {$ref: '#/components/schemas/ValueBody'}}}
        Donate:
          required: false
          description: 'As `Decision`, with the event''s `info` fields.'
          content: {application/json: {schema: {$ref: '#/components/schemas/DonateBody'}}}
      responses:
    \#(ofrepResponses)
        Problem:
          description: A failure, as RFC 9457 problem details with Beckon's code.
          content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}
        Unauthorized:
          description: 'No valid bearer token (`unauthorized`).'
          headers: {WWW-Authenticate: {description: 'Bearer realm="beckon"', schema: {type: string}}}
          content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}
        NotModified:
          description: The answer is the one whose ETag was sent in `If-None-Match`.
          headers: {ETag: {$ref: '#/components/headers/ETag'}}
        Tip:
          description: The tip's answer, positive or negative.
          headers: {Vary: {$ref: '#/components/headers/Vary'}}
          content: {application/json: {schema: {$ref: '#/components/schemas/TipAnswer'}}}
        TipRead:
          description: The tip's answer, positive or negative.
          headers: {ETag: {$ref: '#/components/headers/ETag'}, Vary: {$ref: '#/components/headers/Vary'}}
          content: {application/json: {schema: {$ref: '#/components/schemas/TipAnswer'}}}
        Answer:
          description: The operation's answer, as `beckon … --json` prints it.
          content: {application/json: {schema: {$ref: '#/components/schemas/Answer'}}}
      schemas:
    \#(ofrepSchemas)
        Id: {type: string, pattern: '^[A-Za-z][A-Za-z0-9_-]*$'}
        Version: {type: string, pattern: '\#(OpenAPIPatterns.version)'}
        Instant: {type: string, pattern: '\#(OpenAPIPatterns.instant)', description: 'ISO-8601 (a date-time with its offset, or a date: midnight UTC), or Unix milliseconds, between 0000-01-01 and 9999-12-31 (UTC).', examples: ['2026-03-01T09:00:00Z']}
        UnixMilliseconds: {type: integer, minimum: \#(TimestampSyntax.instants.lowerBound), maximum: \#(TimestampSyntax.instants.upperBound)}
        InstantOrNull: {type: [string, 'null']}
        Duration: {type: string, minLength: 2, pattern: '\#(OpenAPIPatterns.duration)', examples: [45s]}
        Assignment: {type: string, pattern: '^[A-Za-z][A-Za-z0-9_-]*=', examples: ['screenBrightness=0.3']}
        InvalidationReason: {type: string, enum: [\#(HostInvalidationReason.allCases.map(\.rawValue).joined(separator: ", "))]}
        Scalar: {type: [string, number, boolean]}
        Loose: {type: [string, number, boolean, 'null'], description: Read as the text the CLI would be given.}
        DecisionBody: {type: object, additionalProperties: false, properties: {\#(members(DecisionInput.Body.sharedMembers))}}
        ShownBody: {type: object, additionalProperties: false, required: [for], properties: {\#(members(DecisionInput.Body.members(of: "tip.shown"), overriding: ["for": "{$ref: '#/components/schemas/Duration'}"]))}}
        InvalidateBody: {type: object, additionalProperties: false, required: [reason], properties: {\#(members(DecisionInput.Body.members(of: "tip.invalidate"), overriding: ["reason": "{$ref: '#/components/schemas/InvalidationReason'}"]))}}
        ValueBody: {type: object, additionalProperties: false, required: [value], properties: {\#(members(DecisionInput.Body.members(of: "param.set"), overriding: ["value": "{$ref: '#/components/schemas/Scalar'}"]))}}
        DonateBody: {type: object, additionalProperties: false, properties: {\#(members(DecisionInput.Body.members(of: "donate")))}}
        ChangeEvent:
          description: 'One `changed` event of the stream: `data` is JSON naming the ids whose answers may have changed, and why (`write`, `revisit`; `resync`, `import`, `erase` name no id: ask again for everything).'
          type: object
          required: [event, id, data]
          properties:
            event: {const: changed}
            id: {type: string, pattern: '^[0-9]+$'}
            data: {type: string, contentMediaType: application/json}
            retry: {type: integer, minimum: 0}
        BatchRequest:
          type: object
          required: [operations]
          additionalProperties: false
          description: The members of `DecisionBody` shared by every operation, and the operations, in order.
          properties: {\#(members(DecisionInput.Body.sharedMembers)), operations: {type: array, maxItems: \#(BatchRequest.operationLimit), items: {$ref: '#/components/schemas/BatchOperation'}}}
        BatchOperation:
          type: object
          required: [op]
          additionalProperties: false
          properties: {op: {type: string}, id: {type: string}, \#(members(DecisionInput.Body.ownMembers))}
          oneOf:
            - {properties: {op: {enum: \#(operations(.required))}}, required: [id]}
            - {properties: {op: {enum: \#(operations(.none))}}, not: {required: [id]}}
            - {properties: {op: {enum: \#(operations(.optional))}}}
          allOf:
    \#(ownMemberRules)
        BatchAnswer:
          type: object
          required: [subject, now, answers]
          properties:
            subject: {type: string}
            now: {type: string}
            answers: {type: array, items: {type: object}}
        SubjectPage:
          type: object
          required: [subjects, next]
          properties:
            subjects: {type: array, items: {type: object, required: [subject, lastActive], properties: {subject: {type: string}, lastActive: {type: string, description: 'When the subject was last written (ISO-8601).'}}}}
            next: {type: [string, 'null'], description: 'The `after` of the next page; null after the last page.'}
        SubjectLine:
          type: object
          required: [format, subject, version, parameters, events, logs, tips, scenarios, whatsNew]
          description: 'One subject''s data in the subject data format (Docs/cli.md, "The subject data format"; its JSON Schema is `Docs/subject-data.schema.json`).'
          properties: {format: {const: \#(SubjectDataFormat.version)}, subject: {type: string}, version: {type: integer}, parameters: {type: object}, events: {type: object}, logs: {type: object}, tips: {type: object}, scenarios: {type: object}, whatsNew: {type: object}}
        ImportSummary:
          type: object
          required: [imported, unchanged, replaced, refused, skippedLines]
          description: 'What the import did: 1 in one of `imported` (was not stored), `unchanged` (stored with the same data), `replaced` (`replace=true`).'
          properties: {imported: {type: integer, minimum: 0}, unchanged: {type: integer, minimum: 0}, replaced: {type: integer, minimum: 0}, refused: {type: array, items: {type: string}}, skippedLines: {type: array, items: {type: integer}}}
        Erasure:
          type: object
          required: [subject, erased]
          properties: {subject: {type: string}, erased: {type: boolean, description: 'False: nothing was stored.'}}
        ConfigAnswer:
          type: object
          required: [generation, file, loadedAt, lastReload]
          properties:
            generation: {type: integer}
            file: {type: string}
            loadedAt: {type: string}
            lastReload:
              oneOf:
                - {type: 'null'}
                - type: object
                  required: [at, result, diagnostics]
                  properties:
                    at: {type: string}
                    result: {type: string, enum: [ok, invalid, unreadable]}
                    diagnostics: {type: array, items: {type: object}}
        Problem:
          type: object
          required: [type, title, status, detail, code]
          properties:
            type: {type: string, description: 'urn:beckon:problem:CODE'}
            title: {type: string}
            status: {type: integer, description: 'The HTTP status, by code (the status table): \#(Problem.Code.allCases.map { "\($0.rawValue) \($0.statuses.httpStatus)" }.joined(separator: ", ")).'}
            detail: {type: string, description: 'What went wrong, as the CLI''s `beckon: error:` line says it ("did you mean" included).'}
            code: {type: string, enum: [\#(Problem.Code.allCases.map(\.rawValue).joined(separator: ", "))]}
            exitCode: {type: integer, description: The CLI's exit code for the same failure (absent for the HTTP server's own codes).}
            kind: {type: string, description: 'For `not_found`: what was named (tip, event, …).'}
            id: {type: string, description: 'For `not_found`: the id named.'}
            suggestion: {type: string, description: 'For `not_found`: the declared id it probably means.'}
        Content:
          type: object
          properties:
            title: {type: string}
            message: {type: string}
            image: {type: string}
            actions: {type: array, items: {type: object, required: [id, title], properties: {id: {type: string}, title: {type: string}}}}
        Changes:
          type: object
          required: [tips, groups, scenarios]
          properties:
            tips: {type: array, items: {$ref: '#/components/schemas/Change'}}
            groups: {type: array, items: {$ref: '#/components/schemas/Change'}}
            scenarios: {type: array, items: {$ref: '#/components/schemas/Change'}}
        Change: {type: object, required: [id, before, after], properties: {id: {type: string}, before: {type: object}, after: {type: object}}}
        Check: {type: object, required: [name, detail], properties: {name: {type: string}, passed: {type: [boolean, 'null']}, detail: {type: string}, source: {type: string}, limit: {type: integer}, actual: {type: [integer, 'null']}, explanation: {type: object}}}
        TipState:
          type: object
          required: [id, status, reason, reasonCode, displayCount, displayDurationMs, invalidation, revisitAt, locale, title]
          allOf: [{$ref: '#/components/schemas/Content'}]
          properties:
            id: {type: string}
            status: {type: string, enum: [pending, available, invalidated]}
            reason: {type: string}
            reasonCode: {type: string}
            changed: {type: boolean}
            displayed: {type: boolean}
            recorded: {type: boolean}
            displayCount: {type: integer, minimum: 0}
            displayDurationMs: {type: integer, minimum: 0}
            invalidation: {type: [string, 'null']}
            locale: {type: string, description: 'The locale the content is in, as the configuration writes its tag.'}
            revisitAt: {$ref: '#/components/schemas/InstantOrNull'}
            checks: {type: array, items: {$ref: '#/components/schemas/Check'}}
        TipAnswer:
          allOf: [{$ref: '#/components/schemas/AnswerHead'}, {$ref: '#/components/schemas/TipState'}]
          properties:
            op: {enum: [tip.status, tip.display, tip.shown, tip.invalidate, tip.reset, explain.tip]}
        GroupState:
          type: object
          required: [id, current, priority, members, revisitAt, locale]
          allOf: [{$ref: '#/components/schemas/Content'}]
          properties:
            id: {type: string}
            current: {type: [string, 'null']}
            priority: {type: string}
            locale: {type: string, description: 'The locale the content is in, as the configuration writes its tag.'}
            members: {type: array, items: {type: object, required: [tip, status], properties: {tip: {type: string}, status: {type: string}}}}
            revisitAt: {$ref: '#/components/schemas/InstantOrNull'}
        GroupAnswer:
          allOf: [{$ref: '#/components/schemas/AnswerHead'}, {$ref: '#/components/schemas/GroupState'}]
          properties: {op: {const: group.current}}
        ScenarioState:
          type: object
          required: [id, events, executions, revisitAt, checks]
          properties:
            id: {type: string}
            wouldRun: {type: boolean}
            executed: {type: boolean}
            events: {type: integer, minimum: 0}
            executions: {type: integer, minimum: 0}
            revisitAt: {$ref: '#/components/schemas/InstantOrNull'}
            checks: {type: array, items: {$ref: '#/components/schemas/Check'}}
        ScenarioAnswer:
          allOf: [{$ref: '#/components/schemas/AnswerHead'}, {$ref: '#/components/schemas/ScenarioState'}]
          properties: {op: {enum: [scenario.status, scenario.try, scenario.trigger, scenario.reset, explain.scenario]}}
        WhatsNewState:
          type: object
          required: [version, entries, reason, freshInstall, presented, locale]
          properties:
            version: {type: string}
            entries: {type: array, items: {type: object, required: [version, title, features], properties: {version: {type: string}, title: {type: string}, features: {type: array, items: {type: object}}, primaryAction: {type: [object, 'null']}, secondaryAction: {type: [object, 'null']}}}}
            reason: {type: [string, 'null']}
            freshInstall: {type: boolean}
            presented: {type: array, items: {type: string}}
            locale: {type: string, description: 'The locale the content is in, as the configuration writes its tag.'}
        AnswerHead:
          type: object
          required: [op, subject, now]
          properties:
            op: {type: string}
            subject: {type: string}
            now: {type: string}
            id: {type: string}
            arguments: {type: object}
            changes: {$ref: '#/components/schemas/Changes'}
        ParameterAnswer:
          allOf: [{$ref: '#/components/schemas/AnswerHead'}]
          required: [parameter, value]
          properties: {op: {const: parameter.get}, parameter: {type: string}, value: {}}
        Answer:
          description: The answer of the operation named by `op` (Docs/cli.md, "Answer members").
          allOf: [{$ref: '#/components/schemas/AnswerHead'}]
          oneOf:
            - allOf: [{$ref: '#/components/schemas/TipState'}]
              properties: {op: {enum: [tip.display, tip.shown, tip.invalidate, tip.reset]}}
            - allOf: [{$ref: '#/components/schemas/ScenarioState'}]
              properties: {op: {enum: [scenario.try, scenario.trigger, scenario.reset]}}
            - allOf: [{$ref: '#/components/schemas/WhatsNewState'}]
              properties: {op: {enum: [whatsNew.next, whatsNew.present]}}
            - {required: [presented], properties: {op: {enum: [whatsNew.mark, whatsNew.unmark]}, presented: {type: array, items: {type: string}}}}
            - {required: [id, count, first, last], properties: {op: {const: donate}, count: {type: integer, minimum: 0}, first: {$ref: '#/components/schemas/InstantOrNull'}, last: {$ref: '#/components/schemas/InstantOrNull'}}}
            - {required: [stored], properties: {op: {const: set}, stored: {const: true}}}
            - {required: [cleared], properties: {op: {const: reset}, cleared: {const: true}}}
        StatusAnswer:
          type: object
          required: [subject, now, tips, groups, scenarios, locale]
          properties:
            subject: {type: string}
            now: {type: string}
            tips: {type: array, items: {$ref: '#/components/schemas/TipState'}}
            groups: {type: array, items: {$ref: '#/components/schemas/GroupState'}}
            scenarios: {type: array, items: {$ref: '#/components/schemas/ScenarioState'}}
            whatsNew: {oneOf: [{type: 'null'}, {$ref: '#/components/schemas/WhatsNewState'}]}
            locale: {type: string, description: 'The locale the content is in, as the configuration writes its tag.'}
    """#
}
