@testable import BeckonServer

extension DerivedOpenAPIDocument {
    /// The OFREP routes (`OFREPRoutes`) in the document's `paths`, in the shapes of
    /// `open-feature/protocol`'s `service/openapi.yaml` narrowed to what Beckon answers.
    static let ofrepPaths = #"""
      /ofrep/v1/evaluate/flags/{key}:
        parameters:
          - {name: key, in: path, required: true, description: 'tips.ID, groups.ID, scenarios.ID or whatsNew.', schema: {type: string, minLength: 1}, examples: {tip: {value: tips.welcome}}}
        post:
          operationId: ofrepEvaluateFlag
          tags: [ofrep]
          summary: Evaluates one flag for the context's subject, recording nothing (OpenFeature's OFREP).
          requestBody: {$ref: '#/components/requestBodies/OFREPEvaluation'}
          responses:
            '200': {description: The flag's evaluation., content: {application/json: {schema: {$ref: '#/components/schemas/OFREPEvaluation'}}}}
            '404': {description: 'FLAG_NOT_FOUND, with "did you mean".', content: {application/json: {schema: {$ref: '#/components/schemas/OFREPFailure'}}}}
            \#(ofrepFailureResponses)
      /ofrep/v1/evaluate/flags:
        post:
          operationId: ofrepEvaluateFlags
          tags: [ofrep]
          summary: Evaluates every flag for the context's subject, recording nothing (OpenFeature's OFREP bulk evaluation).
          parameters: [{$ref: '#/components/parameters/ifNoneMatch'}]
          requestBody: {$ref: '#/components/requestBodies/OFREPEvaluation'}
          responses:
            '200': {description: Every flag's evaluation or failure, and the subject's change stream., headers: {ETag: {$ref: '#/components/headers/ETag'}}, content: {application/json: {schema: {$ref: '#/components/schemas/OFREPBulk'}}}}
            '304': {$ref: '#/components/responses/NotModified'}
            \#(ofrepFailureResponses)
    """#

    /// The failures both OFREP routes answer: OFREP's own (`OFREPFailure`) for what an
    /// evaluation meets, problems for what the edge refuses before OFREP reads the request.
    static let ofrepFailureResponses = [
        "'400': {$ref: '#/components/responses/OFREPFailure'}", "'401': {$ref: '#/components/responses/Unauthorized'}",
        "'408': {$ref: '#/components/responses/Problem'}", "'409': {$ref: '#/components/responses/OFREPFailure'}",
        "'413': {$ref: '#/components/responses/Problem'}", "'415': {$ref: '#/components/responses/Problem'}",
        "'431': {$ref: '#/components/responses/Problem'}",
        "'500': {$ref: '#/components/responses/OFREPFailure'}", "'503': {$ref: '#/components/responses/OFREPFailure'}",
    ].joined(separator: "\n        ")

    /// The OFREP request body, responses and schemas, added to the document's `components`
    /// (`requestBodies`, `responses` and `schemas` in that order, each a mapping of its own).
    static let ofrepRequestBodies = #"""
        OFREPEvaluation:
          required: true
          description: 'The evaluation context: `targetingKey` is the subject; `appVersion`, `now`, `locale` and declared transient parameters are read; any other attribute is ignored.'
          content: {application/json: {schema: {$ref: '#/components/schemas/OFREPRequest'}}}
    """#

    static let ofrepResponses = #"""
        OFREPFailure:
          description: 'A failed evaluation (OFREP): `errorCode` and `errorDetails`, with the flag''s `key` for a single evaluation; or, for a body that cannot be read, a problem.'
          content:
            application/json: {schema: {$ref: '#/components/schemas/OFREPFailure'}}
            application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}
    """#

    static let ofrepSchemas = #"""
        OFREPRequest:
          type: object
          required: [context]
          properties:
            context:
              type: object
              required: [targetingKey]
              additionalProperties: true
              properties:
                targetingKey: {type: string, minLength: 1, maxLength: 256}
                appVersion: {anyOf: [{$ref: '#/components/schemas/Version'}, {type: 'null'}]}
                now: {anyOf: [{$ref: '#/components/schemas/Instant'}, {$ref: '#/components/schemas/UnixMilliseconds'}, {type: 'null'}]}
                locale: {type: [string, 'null'], description: 'The languages content is wanted in: a tag (`de-CH`), an Accept-Language list or a POSIX locale name (`de_CH.UTF-8`); with no language range in it, the default locale. The metadata''s `locale` says which was chosen.'}
        OFREPMetadata:
          type: object
          additionalProperties: {type: [string, number, boolean]}
        OFREPEvaluation:
          type: object
          required: [key, value, reason, variant, metadata]
          properties:
            key: {type: string}
            value: {type: [boolean, string, object]}
            reason: {type: string, enum: [TARGETING_MATCH, DISABLED]}
            variant: {type: string}
            metadata: {$ref: '#/components/schemas/OFREPMetadata'}
        OFREPFailure:
          type: object
          required: [errorCode, errorDetails]
          properties:
            key: {type: string}
            errorCode: {type: string, enum: [PARSE_ERROR, TARGETING_KEY_MISSING, INVALID_CONTEXT, FLAG_NOT_FOUND, GENERAL]}
            errorDetails: {type: string}
        OFREPBulk:
          type: object
          required: [flags, eventStreams]
          properties:
            flags:
              type: array
              items: {oneOf: [{$ref: '#/components/schemas/OFREPEvaluation'}, {allOf: [{$ref: '#/components/schemas/OFREPFailure'}], required: [key]}]}
            eventStreams:
              type: array
              items:
                type: object
                required: [type, endpoint]
                properties:
                  type: {const: sse}
                  endpoint: {type: object, required: [requestUri], properties: {requestUri: {type: string, pattern: '^/v1/subjects/[^/]+/changes$'}}}
    """#
}
