/// What is wrong with a text a plugin handed over, as a predicate: "is not UTF-8".
struct TextProblem: Error, Equatable, CustomStringConvertible {
    var predicate: String

    init(_ predicate: String) {
        self.predicate = predicate
    }

    var description: String { predicate }
}

/// Why a value a plugin returned is not well formed, said precisely: "string result is not
/// UTF-8", "version result '1.x' is not MAJOR.MINOR.PATCH", "result has unknown type code 42".
struct MalformedValue: Error, Equatable {
    /// The value's type as the rule language names it; nil when the type code is unknown.
    var type: String?
    var problem: TextProblem

    init(_ type: String?, _ problem: TextProblem) {
        self.type = type
        self.problem = problem
    }

    /// The sentence for a value in `role` ("result").
    func message(role: String) -> String {
        let subject = type.map { "\($0) \(role)" } ?? role
        return "\(subject) \(problem.predicate)"
    }
}
