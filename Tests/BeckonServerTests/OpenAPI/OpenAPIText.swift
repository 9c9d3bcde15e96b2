@testable import BeckonServer

/// `openapi.yaml`, derived from the code it describes: its routes (`ServerRoute.table`), each
/// route's problems through the status table (`RouteProblems`), the members each body is read
/// for, the parsers' forms (`OpenAPIPatterns`) and the limits. The server serves the file as it
/// is (`OpenAPIDocument`); `OpenAPIFileTests` checks that the file is exactly this text, so that a
/// fact that changes in the code fails a test until the file says it too
/// (`BECKON_UPDATE_OPENAPI=1 swift test --filter OpenAPIFile` writes it).
enum DerivedOpenAPIDocument {
    /// The whole document, as `openapi.yaml` holds it.
    static let text = paths + "\n" + ofrepPaths + "\n" + components + "\n"
}

extension DerivedOpenAPIDocument {
    /// The document's `paths`, as `openapi.yaml` holds them: written by hand around the facts
    /// the code holds, since the answers are the CLI's renderer-built JSON, described here member
    /// by member (`Docs/cli.md`, "Answer members"). Every route in `OpenAPIDocument.routes` is in
    /// it, and only those.
    static let paths = #"""
    openapi: 3.1.0
    info:
      title: beckon serve
      version: "1"
      summary: Decide when to show tips and run scenarios, over HTTP.
      description: |
        Every deciding operation of the `beckon` CLI, for one subject, under
        `/v1/subjects/{subject}/…`. An answer is exactly the JSON `beckon … --json` prints for the
        same request and instant, 200 whether it is positive or negative; a failure is an RFC 9457
        `application/problem+json` document carrying Beckon's code (the status table is in
        Beckon's Docs/server.md). A GET takes its options in the query; an operation that records takes them in
        a JSON body (the server also reads them from the query, never one member in both: this
        document gives each operation one place). With tokens configured (and only then: this
        document declares the bearer scheme as the running server asks for it), everything
        under `/v1/` and `/ofrep/` needs a bearer token: a read token for GET (and batches of
        reads) and OFREP, a write token for the rest; without one it is 401. Every GET but
        the change stream also answers HEAD (its headers, no body); a method a path does not take
        is 405 `method_not_allowed` with `Allow`, and OPTIONS answers 204 with that `Allow`.
        OpenFeature SDKs evaluate under `/ofrep/v1/` (OFREP; a read token is enough).
      license: {name: MIT}
    servers:
      - url: /
    tags:
      - {name: tips}
      - {name: scenarios}
      - {name: whatsNew}
      - {name: subject}
      - {name: data, description: 'A subject''s data as a whole: list, export, import, erase (`beckon data`); a write token, as it is personal data.'}
      - {name: server}
      - {name: ofrep, description: 'OpenFeature Remote Evaluation Protocol: flags tips.ID, groups.ID, scenarios.ID and whatsNew, evaluated without recording anything.'}
    paths:
      /v1/subjects/{subject}/tips/{tip}:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/tip'}]
        get:
          operationId: tipStatus
          tags: [tips]
          summary: A tip's status and content (`beckon tip status TIP`).
          parameters: [{$ref: '#/components/parameters/now'}, {$ref: '#/components/parameters/appVersion'}, {$ref: '#/components/parameters/locale'}, {$ref: '#/components/parameters/acceptLanguage'}, {$ref: '#/components/parameters/transient'}, {$ref: '#/components/parameters/showTip'}, {$ref: '#/components/parameters/hideTip'}, {$ref: '#/components/parameters/showAllTips'}, {$ref: '#/components/parameters/hideAllTips'}, {$ref: '#/components/parameters/ifNoneMatch'}]
          responses:
            '200': {$ref: '#/components/responses/TipRead'}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(problemResponses(.read))
      /v1/subjects/{subject}/tips/{tip}/display:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/tip'}]
        post:
          operationId: tipDisplay
          tags: [tips]
          summary: Checks and records that the tip goes on screen, atomically (`beckon tip display TIP`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: &tipWrite
            '200': {$ref: '#/components/responses/Tip'}
            \#(problemResponses(.write))
      /v1/subjects/{subject}/tips/{tip}/shown:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/tip'}]
        post:
          operationId: tipShown
          tags: [tips]
          summary: Adds on-screen time to the tip (`beckon tip shown TIP --for DURATION`); `for` is required.
          requestBody: {$ref: '#/components/requestBodies/Shown'}
          responses: *tipWrite
      /v1/subjects/{subject}/tips/{tip}/invalidate:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/tip'}]
        post:
          operationId: tipInvalidate
          tags: [tips]
          summary: Invalidates the tip (`beckon tip invalidate TIP --reason R`); `reason` is required.
          requestBody: {$ref: '#/components/requestBodies/Invalidate'}
          responses: *tipWrite
      /v1/subjects/{subject}/tips/{tip}/reset:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/tip'}]
        post:
          operationId: tipReset
          tags: [tips]
          summary: Forgets the tip's displays and invalidation (`beckon tip reset TIP`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *tipWrite
      /v1/subjects/{subject}/tips/{tip}/explanation:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/tip'}]
        get:
          operationId: explainTip
          tags: [tips]
          summary: The tip's status with every check and rule explained (`beckon explain tip TIP`).
          parameters: &reading [{$ref: '#/components/parameters/now'}, {$ref: '#/components/parameters/appVersion'}, {$ref: '#/components/parameters/locale'}, {$ref: '#/components/parameters/acceptLanguage'}, {$ref: '#/components/parameters/transient'}, {$ref: '#/components/parameters/showTip'}, {$ref: '#/components/parameters/hideTip'}, {$ref: '#/components/parameters/showAllTips'}, {$ref: '#/components/parameters/hideAllTips'}, {$ref: '#/components/parameters/ifNoneMatch'}]
          responses:
            '200': {$ref: '#/components/responses/TipRead'}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(problemResponses(.read))
      /v1/subjects/{subject}/groups/{group}:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/group'}]
        get:
          operationId: groupCurrent
          tags: [tips]
          summary: The group's current tip and its content (`beckon group current GROUP`).
          parameters: *reading
          responses:
            '200': {description: The group's answer., headers: {ETag: {$ref: '#/components/headers/ETag'}, Vary: {$ref: '#/components/headers/Vary'}}, content: {application/json: {schema: {$ref: '#/components/schemas/GroupAnswer'}}}}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(problemResponses(.read))
      /v1/subjects/{subject}/events/{event}/donate:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/event'}]
        post:
          operationId: donate
          tags: [scenarios]
          summary: Records one occurrence of the event, with its info fields (`beckon event donate EVENT --info F=V`).
          requestBody: {$ref: '#/components/requestBodies/Donate'}
          responses: &write
            '200': {$ref: '#/components/responses/Answer'}
            \#(problemResponses(.write))
      /v1/subjects/{subject}/scenarios/{scenario}:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/scenario'}]
        get:
          operationId: scenarioStatus
          tags: [scenarios]
          summary: Whether the scenario would run now (`beckon scenario status ID`).
          parameters: *reading
          responses: &scenarioRead
            '200': {description: The scenario's answer., headers: {ETag: {$ref: '#/components/headers/ETag'}}, content: {application/json: {schema: {$ref: '#/components/schemas/ScenarioAnswer'}}}}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(problemResponses(.read))
      /v1/subjects/{subject}/scenarios/{scenario}/try:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/scenario'}]
        post:
          operationId: scenarioTry
          tags: [scenarios]
          summary: Counts one event and runs the scenario if it may, atomically (`beckon scenario try ID`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/scenarios/{scenario}/trigger:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/scenario'}]
        post:
          operationId: scenarioTrigger
          tags: [scenarios]
          summary: Counts one event of a scenario without its own event (`beckon scenario trigger ID`; 422 for one that counts an event).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/scenarios/{scenario}/reset:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/scenario'}]
        post:
          operationId: scenarioReset
          tags: [scenarios]
          summary: Forgets the scenario's events and executions (`beckon scenario reset ID`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/scenarios/{scenario}/explanation:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/scenario'}]
        get:
          operationId: explainScenario
          tags: [scenarios]
          summary: The scenario's checks with its conditions explained (`beckon explain scenario ID`).
          parameters: *reading
          responses: *scenarioRead
      /v1/subjects/{subject}/whatsnew/next:
        parameters: [{$ref: '#/components/parameters/subject'}]
        post:
          operationId: whatsNewNext
          tags: [whatsNew]
          summary: The release notes to present now, if any (`beckon whatsnew next`; a POST, as it records the version as seen).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/whatsnew/present:
        parameters: [{$ref: '#/components/parameters/subject'}]
        post:
          operationId: whatsNewPresent
          tags: [whatsNew]
          summary: The release notes to present, recorded as presented (`beckon whatsnew present`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/whatsnew/{version}/mark:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/version'}]
        post:
          operationId: whatsNewMark
          tags: [whatsNew]
          summary: Records a version's notes as presented (`beckon whatsnew mark VERSION`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/whatsnew/{version}/unmark:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/version'}]
        post:
          operationId: whatsNewUnmark
          tags: [whatsNew]
          summary: Forgets that a version's notes were presented (`beckon whatsnew unmark VERSION`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/whatsnew/unmark:
        parameters: [{$ref: '#/components/parameters/subject'}]
        post:
          operationId: whatsNewUnmarkAll
          tags: [whatsNew]
          summary: Forgets every presented version (`beckon whatsnew unmark --all`).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects/{subject}/parameters/{name}:
        parameters: [{$ref: '#/components/parameters/subject'}, {$ref: '#/components/parameters/name'}]
        get:
          operationId: parameterGet
          tags: [subject]
          summary: A stored parameter's value, its default when unset (`beckon param get NAME`).
          parameters: [{$ref: '#/components/parameters/now'}, {$ref: '#/components/parameters/ifNoneMatch'}]
          responses:
            '200': {description: The parameter's value., headers: {ETag: {$ref: '#/components/headers/ETag'}}, content: {application/json: {schema: {$ref: '#/components/schemas/ParameterAnswer'}}}}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(problemResponses(.read))
        put:
          operationId: parameterSet
          tags: [subject]
          summary: Stores a parameter's value, typed by its declaration (`beckon param set NAME VALUE`); `value` is required.
          requestBody: {$ref: '#/components/requestBodies/Value'}
          responses: *write
      /v1/subjects/{subject}:
        parameters: [{$ref: '#/components/parameters/subject'}]
        get:
          operationId: status
          tags: [subject]
          summary: Everything the subject would see now, its tips narrowed to `tip` when given (`beckon status`).
          parameters: [{$ref: '#/components/parameters/now'}, {$ref: '#/components/parameters/appVersion'}, {$ref: '#/components/parameters/locale'}, {$ref: '#/components/parameters/acceptLanguage'}, {$ref: '#/components/parameters/transient'}, {$ref: '#/components/parameters/showTip'}, {$ref: '#/components/parameters/hideTip'}, {$ref: '#/components/parameters/showAllTips'}, {$ref: '#/components/parameters/hideAllTips'}, {$ref: '#/components/parameters/tips'}, {$ref: '#/components/parameters/ifNoneMatch'}]
          responses:
            '200': {description: The overview., headers: {ETag: {$ref: '#/components/headers/ETag'}, Vary: {$ref: '#/components/headers/Vary'}}, content: {application/json: {schema: {$ref: '#/components/schemas/StatusAnswer'}}}}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(problemResponses(.read))
        delete:
          operationId: resetAll
          tags: [subject]
          summary: Forgets everything recorded about the subject (`beckon reset --all`); the subject stays stored (`DELETE /v1/subjects/{subject}/data` erases it).
          requestBody: {$ref: '#/components/requestBodies/Decision'}
          responses: *write
      /v1/subjects:
        get:
          operationId: subjects
          tags: [data]
          summary: A page of stored subjects in the byte order of their ids, each with its last activity (`beckon data subjects`). A write token, as for every data route.
          parameters:
            - {name: after, in: query, required: false, description: 'List the subjects after this one: the `next` of the previous page.', schema: {type: string}}
            - {name: limit, in: query, required: false, description: 'At most this many subjects (\#(SubjectDataRoutes.defaultLimit) when absent; another number is a `usage` problem).', schema: {type: integer, minimum: \#(SubjectDataRoutes.limits.lowerBound), maximum: \#(SubjectDataRoutes.limits.upperBound)}}
          responses:
            '200': {description: A page of subjects and the cursor of the next., content: {application/json: {schema: {$ref: '#/components/schemas/SubjectPage'}}}}
            \#(problemResponses(.subjects))
      /v1/subjects/{subject}/data:
        parameters: [{$ref: '#/components/parameters/subject'}]
        get:
          operationId: exportData
          tags: [data]
          summary: The subject's data, the line `beckon data export --subject S` writes (without its newline); 404 when the subject is not stored.
          responses:
            '200': {description: 'One line of the subject data format.', headers: {Cache-Control: {description: no-store, schema: {type: string}}}, content: {application/json: {schema: {$ref: '#/components/schemas/SubjectLine'}}}}
            \#(problemResponses(.exportData))
        put:
          operationId: importData
          tags: [data]
          summary: Imports one line of the subject data format for this subject (`beckon data import`); a subject stored with other data is 409 unless `replace=true`; the same line twice changes nothing.
          parameters:
            - {name: replace, in: query, required: false, description: Overwrite the subject when it is stored with other data., schema: {type: boolean}}
          requestBody:
            required: true
            description: 'One line of the subject data format (a trailing newline is allowed) whose `subject` is the path''s (else 422).'
            content: {application/json: {schema: {$ref: '#/components/schemas/SubjectLine'}}}
          responses:
            '200': {description: What the import did., content: {application/json: {schema: {$ref: '#/components/schemas/ImportSummary'}}}}
            \#(problemResponses(.importData))
        delete:
          operationId: eraseData
          tags: [data]
          summary: 'Erases every trace of the subject, its record and its logs (`beckon data erase --subject S`): the subject is no longer stored. `DELETE /v1/subjects/{subject}` (`resetAll`) instead clears its state and keeps it stored.'
          responses:
            '200': {description: 'Whether anything was erased (false: the subject was not stored).', content: {application/json: {schema: {$ref: '#/components/schemas/Erasure'}}}}
            \#(problemResponses(.eraseData))
      /v1/subjects/{subject}/batch:
        parameters: [{$ref: '#/components/parameters/subject'}]
        post:
          operationId: batch
          tags: [subject]
          summary: Several operations for one subject, in order, at one instant and with one configuration; each atomic, the batch as a whole not. A read token may send a batch of reads only.
          requestBody:
            required: true
            content: {application/json: {schema: {$ref: '#/components/schemas/BatchRequest'}}}
          responses:
            '200': {description: 'Each operation''s answer, or its problem, in order.', content: {application/json: {schema: {$ref: '#/components/schemas/BatchAnswer'}}}}
            \#(problemResponses(.batch))
      /v1/subjects/{subject}/changes:
        parameters: [{$ref: '#/components/parameters/subject'}]
        get:
          operationId: changes
          tags: [subject]
          summary: Server-Sent Events, one `changed` event whenever an answer for the subject changed on this server (a write it served, its data imported or erased, or a `revisitAt` reached); re-fetch on each. Resumes after `Last-Event-ID`.
          parameters:
            - {name: Last-Event-ID, in: header, required: false, description: 'The last event id the client saw; longer than \#(ChangeStreamRoute.lastEventIDLimit) characters is a `usage` problem.', schema: {type: string, maxLength: \#(ChangeStreamRoute.lastEventIDLimit)}}
          responses:
            '200': {description: 'The event stream (keep-alive comments between events).', content: {text/event-stream: {schema: {$ref: '#/components/schemas/ChangeEvent'}}}}
            \#(problemResponses(.changes))
      /v1/config:
        get:
          operationId: config
          tags: [server]
          summary: The configuration being served and the last reload's result.
          responses:
            '200': {description: The configuration's generation and reload state., content: {application/json: {schema: {$ref: '#/components/schemas/ConfigAnswer'}}}}
            \#(problemResponses(.config))
      /healthz:
        get:
          operationId: healthz
          tags: [server]
          summary: The process is alive.
          security: []
          responses:
            '200': {description: Alive., content: {application/json: {schema: {type: object, required: [status], properties: {status: {const: ok}}}}}}
            \#(problemResponses(.open))
      /readyz:
        get:
          operationId: readyz
          tags: [server]
          summary: A configuration is loaded and its store answers a read (else 503).
          security: []
          responses:
            '200': {description: Ready., content: {application/json: {schema: {type: object, required: [status], properties: {status: {const: ready}}}}}}
            \#(problemResponses(.ready))
      /metrics:
        get:
          operationId: metrics
          tags: [server]
          summary: Prometheus metrics (text exposition format).
          security: []
          responses:
            '200': {description: The metrics., content: {text/plain: {schema: {type: string}}}}
            \#(problemResponses(.metrics))
      /openapi.yaml:
        get:
          operationId: openapi
          tags: [server]
          summary: This document.
          security: []
          responses:
            '200': {description: The OpenAPI 3.1 document., content: {application/yaml: {schema: {type: string}}}}
            \#(problemResponses(.open))
    """#
}
