/// The conditions of `where(…)` as a count applies them to each donation of a window.
///
/// Every condition is compiled as usual (`predicates`, which read the donation through
/// `EvaluationExtras.info`). When each is of the common shape `info.F op literal` (or
/// `literal op info.F`, or several such joined by `&&`), it is also kept as an `InfoTest`,
/// which compares the donation's value with the literal in place: no closure call, no `info`
/// set per donation, no value copied. Both forms give the same answer for every donation;
/// the tests are used whenever nothing is being explained (an explanation records the value of
/// each node, which only the predicates do).
struct DonationFilter {
    /// The conditions, all of which must hold.
    var predicates: [Evaluator] = []
    /// The same conditions as direct tests, or nil when one of them has another shape.
    var tests: [InfoTest]? = []

    var isEmpty: Bool { predicates.isEmpty }

    /// Adds a checked condition, with its tests when `syntax` has the shape they cover.
    mutating func append(_ predicate: @escaping Evaluator, syntax: Syntax, fields: [(name: String, type: ValueType)]) {
        predicates.append(predicate)
        if tests != nil, let found = InfoTest.tests(syntax, fields: fields) {
            tests! += found
        } else {
            tests = nil
        }
    }

    /// The tests when they may stand for the predicates: while nothing is being explained.
    @inline(__always)
    func directTests(_ state: EvaluationState) -> [InfoTest]? {
        state.tracing ? nil : tests
    }

    /// Calls `body` with the index of each donation from `start` on that passes every test,
    /// oldest first. Nothing is copied: the values are read where the log keeps them.
    @inline(__always)
    static func forEachPassing(_ tests: [InfoTest], _ log: DonationLog, from start: Int, _ body: (Int) -> Void) {
        let end = log.times.count
        guard start < end else { return }
        tests.withUnsafeBufferPointer { tests in
            log.infos.withUnsafeBufferPointer { infos in
                for index in start..<end {
                    let passes = index < infos.count
                        ? infos[index].withUnsafeBufferPointer { values in tests.allSatisfy { $0.holds(in: values) } }
                        : tests.allSatisfy { $0.holds(.null) }
                    if passes { body(index) }
                }
            }
        }
    }

    /// Whether the donation at `index` passes every test.
    @inline(__always)
    static func passes(_ tests: [InfoTest], _ index: Int, _ log: DonationLog) -> Bool {
        tests.withUnsafeBufferPointer { tests in
            guard index < log.infos.count else { return tests.allSatisfy { $0.holds(.null) } }
            return log.infos.withUnsafeBufferPointer { infos in
                infos[index].withUnsafeBufferPointer { values in tests.allSatisfy { $0.holds(in: values) } }
            }
        }
    }

    /// Whether the donation at `index` passes every predicate, made `info` in `extras` (the
    /// caller restores it).
    @inline(__always)
    func accepts(_ index: Int, _ log: DonationLog, _ extras: EvaluationExtras, _ context: any RuleContext,
                 _ state: inout EvaluationState) -> Bool {
        extras.info = index < log.infos.count ? log.infos[index] : []
        return predicates.allSatisfy { $0(context, &state).isTrue }
    }
}

/// `info.F op literal` (or `literal op info.F`) for a comparison operator and a literal that is
/// not null: what `Checker.compared` answers for the donation's value of field `F` (null when
/// the donation has no value there).
struct InfoTest {
    var field: Int
    var op: BinaryOperator
    var literal: Value
    /// Whether the field is the left operand.
    var fieldIsLeft: Bool
    /// `==` with a string literal.
    var isStringEquality: Bool

    init(field: Int, op: BinaryOperator, literal: Value, fieldIsLeft: Bool) {
        self.field = field
        self.op = op
        self.literal = literal
        self.fieldIsLeft = fieldIsLeft
        if case .string = literal, op == .equal { isStringEquality = true } else { isStringEquality = false }
    }

    /// Whether the test holds for a donation with these values.
    @inline(__always)
    func holds(in values: UnsafeBufferPointer<Value>) -> Bool {
        guard field < values.count else { return holds(.null) }
        // The common question, `info.kind == "…"`: a string literal equals only the same
        // string (a null or any other value compares false), which is `Value`'s own equality.
        if isStringEquality { return values[field] == literal }
        return holds(values[field])
    }

    @inline(__always)
    func holds(_ value: Value) -> Bool {
        (fieldIsLeft ? Checker.compared(op, value, literal) : Checker.compared(op, literal, value)).isTrue
    }

    /// The tests that `syntax` amounts to, or nil when it has another shape. `fields` are the
    /// event's declared info fields, which the checker has already resolved `info.F` against.
    static func tests(_ syntax: Syntax, fields: [(name: String, type: ValueType)]) -> [InfoTest]? {
        guard case .chain(let first, let links) = syntax.kind else { return nil }
        if links.allSatisfy({ $0.op == .and }) {
            var tests: [InfoTest] = []
            for operand in [first] + links.map(\.operand) {
                guard let found = Self.tests(operand, fields: fields) else { return nil }
                tests += found
            }
            return tests
        }
        guard links.count == 1, links[0].op.isComparison else { return nil }
        if let field = infoField(first, fields), let literal = literal(links[0].operand) {
            return [InfoTest(field: field, op: links[0].op, literal: literal, fieldIsLeft: true)]
        }
        if let literal = literal(first), let field = infoField(links[0].operand, fields) {
            return [InfoTest(field: field, op: links[0].op, literal: literal, fieldIsLeft: false)]
        }
        return nil
    }

    private static func infoField(_ syntax: Syntax, _ fields: [(name: String, type: ValueType)]) -> Int? {
        guard case .member(let base, let name, _) = syntax.kind, case .identifier("info") = base.kind else { return nil }
        return fields.firstIndex { $0.name == name }
    }

    /// A literal other than null (`x == null` is a null test, not a comparison).
    private static func literal(_ syntax: Syntax) -> Value? {
        guard case .literal(let value) = syntax.kind, value != .null else { return nil }
        return value
    }
}
