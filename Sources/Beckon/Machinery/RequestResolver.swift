import BeckonCore
import BeckonDiagnostics
import BeckonRules
import FoundationEssentials

/// A library request as the engine takes it, checked against the configuration: the instant in
/// range, the version parsed, transient parameters declared as such and typed, testing overrides
/// naming declared tips, the locale read as every host reads it.
enum RequestResolver {
    static func resolve(_ request: BeckonRequest, for configuration: Configuration) throws(BeckonError) -> DecisionRequest {
        guard !request.subject.isEmpty else { throw .invalidValue("the subject must not be empty") }
        if let problem = SubjectID.lengthProblem(request.subject) { throw .invalidValue(problem) }
        let now = request.milliseconds ?? Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        guard TimestampSyntax.instants.contains(now) else {
            throw .invalidValue("now is \(now) ms; instants lie between \(TimestampSyntax.instantsText)")
        }
        var version: Version?
        if let text = request.appVersion {
            guard let parsed = Version(text) else { throw .invalidValue("app version: \(Version.problem(with: text))") }
            version = parsed
        }
        var locales: [String] = []
        if let text = request.locale {
            guard let ranges = LocaleLookup.requestRanges(text) else { throw .invalidValue("locale: \(LocaleLookup.problem(with: text))") }
            locales = ranges
        }
        return DecisionRequest(subject: request.subject, now: now, appVersion: version,
                               transientParameters: try transients(request.transients, configuration),
                               testing: try testing(request.testing, configuration), locales: locales)
    }

    private static func transients(_ given: [String: BeckonValue], _ configuration: Configuration) throws(BeckonError) -> [String: Value] {
        var values: [String: Value] = [:]
        // Sorted, so that the error for several bad names is always about the same one.
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let declaration = configuration.parameters[name] else {
                let transientNames = configuration.parameters.all.filter(\.isTransient).map(\.id)
                throw .undeclared(kind: "transient parameter", id: name,
                                  suggestion: NameSuggester.suggestion(for: name, among: transientNames))
            }
            guard declaration.isTransient else {
                throw .notApplicable("parameter '\(name)' is stored, not transient: set it with setParameter, not with a request")
            }
            do {
                values[name] = try RuleValues.typed(value, as: declaration.type, for: "transient parameter '\(name)'")
            } catch {
                throw BeckonError(error)
            }
        }
        return values
    }

    private static func testing(_ given: BeckonRequest.Testing, _ configuration: Configuration) throws(BeckonError) -> TestingOverrides {
        do {
            return try TestingOverrides.forRequest(show: given.show, hide: given.hide, showAll: given.showAll,
                                                   hideAll: given.hideAll, in: configuration)
        } catch {
            throw BeckonError(error)
        }
    }
}
