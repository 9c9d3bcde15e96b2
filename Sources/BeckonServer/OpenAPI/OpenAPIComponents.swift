extension OpenAPIDocument {
    /// The document's `components`: request options, answers and problems (see `paths`).
    /// The body members every operation reads (`null` is the same as absent), as one line of
    /// flow YAML shared by the body schemas.
    static let commonMembers = [
        "now: {anyOf: [{$ref: '#/components/schemas/Instant'}, {type: integer}, {type: 'null'}]}",
        "appVersion: {anyOf: [{$ref: '#/components/schemas/Version'}, {type: number}, {type: 'null'}]}",
        "transients: {type: [object, 'null'], propertyNames: {$ref: '#/components/schemas/Id'}, additionalProperties: {$ref: '#/components/schemas/Scalar'}}",
        "info: {type: [object, 'null'], additionalProperties: {$ref: '#/components/schemas/Scalar'}}",
        "showTips: {type: [array, 'null'], items: {$ref: '#/components/schemas/Id'}}",
        "hideTips: {type: [array, 'null'], items: {$ref: '#/components/schemas/Id'}}",
        "showAllTips: {type: [boolean, 'null']}", "hideAllTips: {type: [boolean, 'null']}", "changes: {type: [boolean, 'null']}",
        "tips: {type: [array, 'null'], items: {type: string}}", "value: {$ref: '#/components/schemas/Loose'}",
    ].joined(separator: ", ")

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
      parameters:
        subject: {name: subject, in: path, required: true, description: 'The subject (a user, a device), percent-encoded.', schema: {type: string, minLength: 1}}
        tip: {name: tip, in: path, required: true, description: A tip id the configuration declares., schema: {$ref: '#/components/schemas/Id'}}
        group: {name: group, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        event: {name: event, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        scenario: {name: scenario, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        name: {name: name, in: path, required: true, description: A stored parameter., schema: {$ref: '#/components/schemas/Id'}}
        version: {name: version, in: path, required: true, schema: {$ref: '#/components/schemas/Version'}}
        now: {name: now, in: query, required: false, description: 'The instant to decide at (ISO-8601); the server''s clock when absent.', schema: {$ref: '#/components/schemas/Instant'}}
        appVersion: {name: appVersion, in: query, required: false, description: The app's version; the configured one when absent., schema: {$ref: '#/components/schemas/Version'}}
        transient: {name: transient, in: query, required: false, description: 'A transient parameter, NAME=VALUE (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Assignment'}}}
        info: {name: info, in: query, required: false, description: 'An info field of the event, FIELD=VALUE (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Assignment'}}}
        showTip: {name: showTip, in: query, required: false, description: 'Testing: show this tip whatever its rules (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Id'}}}
        hideTip: {name: hideTip, in: query, required: false, description: 'Testing: hide this tip (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Id'}}}
        showAllTips: {name: showAllTips, in: query, required: false, schema: {type: boolean}}
        hideAllTips: {name: hideAllTips, in: query, required: false, schema: {type: boolean}}
        changes: {name: changes, in: query, required: false, description: Also answer with what the operation changed for the subject (`changes`)., schema: {type: boolean}}
        tips: {name: tip, in: query, required: false, description: 'Narrow the overview''s tips to these (repeatable).', style: form, explode: true, schema: {type: array, items: {$ref: '#/components/schemas/Id'}}}
        for: {name: for, in: query, required: false, description: 'On-screen time, a duration (`45s`, `1m30s`).', schema: {$ref: '#/components/schemas/Duration'}}
        reason: {name: reason, in: query, required: false, schema: {$ref: '#/components/schemas/InvalidationReason'}}
        value: {name: value, in: query, required: false, description: 'The value, as the CLI takes it (typed by the parameter''s declaration).', schema: {type: string}}
        ifNoneMatch: {name: If-None-Match, in: header, required: false, description: An ETag of an earlier answer; 304 when the answer is still the same., schema: {type: string}}
      requestBodies:
    \#(ofrepRequestBodies)
        Decision:
          required: false
          description: 'The request''s options as JSON instead of the query (a member in both is a `usage` problem; `null` is the same as absent).'
          content: {application/json: {schema: {$ref: '#/components/schemas/DecisionBody'}}}
        Shown:
          required: false
          description: 'As `Decision`, with `for` required here or in the query.'
          content: {application/json: {schema: {$ref: '#/components/schemas/ShownBody'}}}
        Invalidate:
          required: false
          description: 'As `Decision`, with `reason` required here or in the query.'
          content: {application/json: {schema: {$ref: '#/components/schemas/InvalidateBody'}}}
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
          content: {application/json: {schema: {$ref: '#/components/schemas/TipAnswer'}}}
        TipRead:
          description: The tip's answer, positive or negative.
          headers: {ETag: {$ref: '#/components/headers/ETag'}}
          content: {application/json: {schema: {$ref: '#/components/schemas/TipAnswer'}}}
        Answer:
          description: The operation's answer, as `beckon … --json` prints it.
          content: {application/json: {schema: {$ref: '#/components/schemas/Answer'}}}
      schemas:
    \#(ofrepSchemas)
        Id: {type: string, pattern: '^[A-Za-z][A-Za-z0-9_-]*$'}
        Version: {type: string, pattern: '^[0-9]+(\.[0-9]+){0,2}$'}
        Instant: {type: string, pattern: '^(-?[0-9]{1,15}|[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2}))?)$', description: 'ISO-8601 (a date-time with its offset, or a date: midnight UTC), or Unix milliseconds.', examples: ['2026-03-01T09:00:00Z']}
        InstantOrNull: {type: [string, 'null']}
        Duration: {type: string, pattern: '^([0-9]+(ms|s|m|h|d|w))+$', examples: [45s]}
        Assignment: {type: string, pattern: '^[A-Za-z][A-Za-z0-9_-]*=', examples: ['screenBrightness=0.3']}
        InvalidationReason: {type: string, enum: [actionPerformed, tipClosed]}
        Scalar: {type: [string, number, boolean]}
        Loose: {type: [string, number, boolean, 'null'], description: Read as text only by the operations that use it; ignored by the others.}
        DecisionBody: {type: object, additionalProperties: false, properties: {\#(commonMembers), for: {$ref: '#/components/schemas/Loose'}, reason: {$ref: '#/components/schemas/Loose'}}}
        ShownBody: {type: object, additionalProperties: false, properties: {\#(commonMembers), for: {anyOf: [{$ref: '#/components/schemas/Duration'}, {type: 'null'}]}, reason: {$ref: '#/components/schemas/Loose'}}}
        InvalidateBody: {type: object, additionalProperties: false, properties: {\#(commonMembers), for: {$ref: '#/components/schemas/Loose'}, reason: {anyOf: [{$ref: '#/components/schemas/InvalidationReason'}, {type: 'null'}]}}}
        BatchRequest:
          type: object
          required: [operations]
          description: The members of `DecisionBody` shared by every operation, and the operations, in order.
          properties:
            operations:
              type: array
              items:
                type: object
                required: [op]
                properties:
                  op: {type: string, enum: [tip.status, tip.display, tip.shown, tip.invalidate, tip.reset, explain.tip, group.current, donate, scenario.status, scenario.try, scenario.trigger, scenario.reset, explain.scenario, whatsNew.next, whatsNew.present, whatsNew.mark, whatsNew.unmark, param.get, param.set, status, reset]}
                  id: {type: string}
        BatchAnswer:
          type: object
          required: [subject, now, answers]
          properties:
            subject: {type: string}
            now: {type: string}
            answers: {type: array, items: {type: object}}
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
            status: {type: integer}
            detail: {type: string, description: 'What went wrong, as the CLI''s `beckon: error:` line says it ("did you mean" included).'}
            code: {type: string, enum: [usage, no_route, too_large, invalid_argument, not_found, not_applicable, no_input, unavailable, conflict, internal, unauthorized, forbidden, subject_too_long, headers_too_large, timeout, method_not_allowed]}
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
          required: [id, status, reason, reasonCode, displayCount, displayDurationMs, invalidation, revisitAt, title]
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
            revisitAt: {$ref: '#/components/schemas/InstantOrNull'}
            checks: {type: array, items: {$ref: '#/components/schemas/Check'}}
        TipAnswer:
          allOf: [{$ref: '#/components/schemas/AnswerHead'}, {$ref: '#/components/schemas/TipState'}]
          properties:
            op: {enum: [tip.status, tip.display, tip.shown, tip.invalidate, tip.reset, explain.tip]}
        GroupState:
          type: object
          required: [id, current, priority, members, revisitAt]
          allOf: [{$ref: '#/components/schemas/Content'}]
          properties:
            id: {type: string}
            current: {type: [string, 'null']}
            priority: {type: string}
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
          required: [version, entries, reason, freshInstall, presented]
          properties:
            version: {type: string}
            entries: {type: array, items: {type: object, required: [version, title, features], properties: {version: {type: string}, title: {type: string}, features: {type: array, items: {type: object}}, primaryAction: {type: [object, 'null']}, secondaryAction: {type: [object, 'null']}}}}
            reason: {type: [string, 'null']}
            freshInstall: {type: boolean}
            presented: {type: array, items: {type: string}}
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
          description: The answer of the operation named by `op` (README, "Answer members").
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
          required: [subject, now, tips, groups, scenarios]
          properties:
            subject: {type: string}
            now: {type: string}
            tips: {type: array, items: {$ref: '#/components/schemas/TipState'}}
            groups: {type: array, items: {$ref: '#/components/schemas/GroupState'}}
            scenarios: {type: array, items: {$ref: '#/components/schemas/ScenarioState'}}
            whatsNew: {oneOf: [{type: 'null'}, {$ref: '#/components/schemas/WhatsNewState'}]}
    """#
}
