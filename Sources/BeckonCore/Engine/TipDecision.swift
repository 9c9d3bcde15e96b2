public import BeckonDiagnostics
public import BeckonRules

/// The answer about one tip, and for operations what they did.
public struct TipDecision: Sendable {
    /// The tip's id.
    public var tip: String
    /// The status (after the operation, for operations).
    public var status: TipStatus
    /// The check that decided the status.
    public var reason: TipReason
    /// For `display`: whether it was displayed (recorded); for other operations whether state changed.
    public var changed: Bool
    /// The tip's recorded state (after the operation).
    public var record: TipRecord
    /// The tip's declaration with its texts in `locale` (each text's variant for it), templates
    /// not filled in.
    public var declaration: TipDeclaration {
        get { declarations[declarationIndex] }
        set { (declarations, declarationIndex) = ([newValue], 0) }
    }
    /// The locale the content was chosen in, as the configuration writes it (its default
    /// locale when the request named none or none matched).
    public var locale: String
    /// The earliest instant (Unix ms, after `now`) at which this answer may change with no new
    /// input; nil when nothing in the decision depends on time. It does not change before.
    public var revisitAt: Int64? = nil
    /// For a tip with templates: their arguments' values in the decision's scope, in `locale`;
    /// nil for a tip whose texts are all plain.
    public var templateValues: TemplateValues? = nil
    /// Where `declaration` is: in an array of declarations, at an index. The engine's decisions
    /// share its array of the locale's declarations, so that a decision holds one reference
    /// rather than a declaration's dozen: with the declaration itself, building, returning and
    /// dropping a decision cost `Engine.tipStatus(_:_:)` 2,917 instructions, with the array 2,293
    /// (`beckon-bench engine` under callgrind, the function's inclusive count: Docs/benchmarks.md).
    private var declarations: [TipDeclaration]
    private var declarationIndex: Int

    public init(tip: String, status: TipStatus, reason: TipReason, changed: Bool, record: TipRecord, declaration: TipDeclaration,
                locale: String, revisitAt: Int64? = nil, templateValues: TemplateValues? = nil) {
        self.init(tip: tip, status: status, reason: reason, changed: changed, record: record, declarations: [declaration], at: 0,
                  locale: locale, revisitAt: revisitAt, templateValues: templateValues)
    }

    /// A decision whose declaration is `declarations[index]`.
    init(tip: String, status: TipStatus, reason: TipReason, changed: Bool, record: TipRecord, declarations: [TipDeclaration], at index: Int,
         locale: String, revisitAt: Int64?, templateValues: TemplateValues?) {
        self.tip = tip
        self.status = status
        self.reason = reason
        self.changed = changed
        self.record = record
        self.declarations = declarations
        self.declarationIndex = index
        self.locale = locale
        self.revisitAt = revisitAt
        self.templateValues = templateValues
    }

    /// The tip's content as the answer shows it: its texts in `locale`, templates filled in.
    /// Filled when read, so a writer that needs only some texts (the C and server fast paths
    /// format the title and message alone) copies no declaration.
    public var content: TipDeclaration {
        templateValues?.filled(declaration) ?? declaration
    }
}

/// A tip group's answer (SEMANTICS §5).
public struct GroupDecision: Sendable {
    public var group: String
    /// The current tip, if any.
    public var current: String?
    /// Each member's own status (before group gating), in order.
    public var members: [(tip: String, status: TipStatus)]
    /// The locale the current tip's content is to be shown in, as the configuration writes it.
    public var locale: String
    /// The earliest instant (Unix ms, after `now`) at which this answer may change with no new
    /// input; nil when nothing in the decision depends on time. It does not change before.
    public var revisitAt: Int64? = nil
    /// The current tip's content with its templates filled in from this decision's scope; nil
    /// when there is no current tip or its texts are all plain (then its declaration is shown).
    public var currentContent: TipDeclaration? = nil
}

/// One check of a tip's status, for explanations (SEMANTICS §8).
public struct TipCheck: Sendable {
    /// What was checked: `testing`, `invalidated`, `rule 2`, `display frequency`, `group onboarding`.
    public var name: String
    /// Whether it let the tip through; nil when it was not reached.
    public var passed: Bool?
    /// What was found, for people.
    public var detail: String
    /// For a rule: where it is and the value of each sub-expression.
    public var rule: RuleExplanation? {
        get { ruleBox?.value }
        set { ruleBox = newValue.map(Box.init) }
    }
    /// For a rule: where it is written.
    public var span: SourceSpan?
    /// Kept out of line: only explaining sets it, and inline it made every check larger.
    private var ruleBox: Box<RuleExplanation>?

    init(name: String, passed: Bool?, detail: String, rule: RuleExplanation? = nil, span: SourceSpan? = nil) {
        self.name = name
        self.passed = passed
        self.detail = detail
        self.span = span
        self.rule = rule
    }
}

/// A tip's status with every check that led to it.
public struct TipExplanation: Sendable {
    public var tip: String
    public var status: TipStatus
    public var reason: TipReason
    public var checks: [TipCheck]
    /// The tip's recorded state (counts, on-screen time, invalidation), as a status answer gives it.
    public var record: TipRecord
    /// The locale the tip's content is to be shown in, as the configuration writes it.
    public var locale: String
    /// The earliest instant (Unix ms, after `now`) at which this answer may change with no new
    /// input; nil when nothing in the decision depends on time. It does not change before.
    public var revisitAt: Int64? = nil

    /// The explanation for people: the answer, then each check with ✓ / ✗ and rule trees.
    public func rendered() -> String {
        var lines = ["tip \(tip): \(status.rawValue) — \(reason)"]
        for check in checks {
            let mark = check.passed.map { $0 ? "✓" : "✗" } ?? "–"
            let place = check.span.map { " (\($0.file):\($0.start.line))" } ?? ""
            lines.append("  \(mark) \(check.name)\(place): \(check.detail)")
            if let rule = check.rule { lines.append(rule.rendered(indent: "      ")) }
        }
        return lines.joined(separator: "\n")
    }
}
