import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonRuntime

// The library's answers built from the engine's decisions: one place that maps each member, so a
// member added to an engine answer is added here once.

extension TipAnswer {
    init(_ decision: TipDecision) {
        self.init(decision.status, decision.reason, record: decision.record, changed: decision.changed, declaration: decision.content)
        revisitAt = decision.revisitAt
        locale = decision.locale
    }

    init(_ explanation: TipExplanation, declaration: TipDeclaration) {
        self.init(explanation.status, explanation.reason, record: explanation.record, changed: false, declaration: declaration)
        revisitAt = explanation.revisitAt
        locale = explanation.locale
        checks = explanation.checks.map { check in
            BeckonCheck(name: check.name, passed: check.passed, detail: check.detail,
                        source: check.span.map(Self.source), limit: nil, actual: nil)
        }
    }

    private init(_ status: TipStatus, _ reason: TipReason, record: TipRecord, changed: Bool, declaration: TipDeclaration) {
        self.init(tip: declaration.id, status: Status(status), reasonCode: reason.code, reason: reason.description, changed: changed,
                  displayCount: record.displayCount, displayDurationMilliseconds: record.displayDuration,
                  invalidation: record.invalidation?.rawValue, content: TipContent(declaration))
    }

    static func source(_ span: SourceSpan) -> String { "\(span.file):\(span.start.line)" }
}

extension TipAnswer.Status {
    init(_ status: TipStatus) {
        switch status {
        case .pending: self = .pending
        case .available: self = .available
        case .invalidated: self = .invalidated
        }
    }
}

extension TipContent {
    init(_ declaration: TipDeclaration) {
        // The declaration is in the answer's locale: each text is the variant it reads.
        self.init(title: declaration.title.text, message: declaration.message?.text, image: declaration.image,
                  actions: declaration.actions.map { Action(id: $0.id, title: $0.title.text) })
    }
}

extension GroupAnswer {
    init(_ decision: GroupDecision, engine: Engine) {
        let (priority, current) = GroupDecisionRenderer.context(of: decision, in: engine)
        self.init(group: decision.group, current: decision.current, content: current.map(TipContent.init), priority: priority.rawValue,
                  members: decision.members.map { Member(tip: $0.tip, status: TipAnswer.Status($0.status)) },
                  revisitAt: decision.revisitAt, locale: decision.locale)
    }
}

extension ScenarioAnswer {
    init(_ decision: ScenarioDecision) {
        self.init(scenario: decision.scenario, runs: decision.executed, events: decision.events, executions: decision.executions,
                  checks: decision.checks.map { check in
                      let isSetting = check.kind != .condition
                      return BeckonCheck(name: check.name, passed: check.passed, detail: check.detail,
                                         source: check.rule.map { TipAnswer.source($0.span) },
                                         limit: isSetting ? check.limit : nil, actual: isSetting ? check.actual : nil)
                  }, revisitAt: decision.revisitAt)
    }
}

extension WhatsNewAnswer {
    init(_ decision: Engine.WhatsNewDecision) {
        self.init(version: decision.version.description,
                  entries: decision.entries.map(Entry.init),
                  reason: decision.reason, isFreshInstall: decision.isFreshInstall,
                  presented: decision.presented.map(\.description), locale: decision.locale)
    }
}

extension WhatsNewAnswer.Entry {
    init(_ entry: WhatsNewEntry) {
        func action(_ action: WhatsNewAction?) -> WhatsNewAnswer.Action? {
            action.map { WhatsNewAnswer.Action(title: $0.title.text, url: $0.url) }
        }
        self.init(version: entry.version.description, title: entry.title.text,
                  features: entry.features.map { WhatsNewAnswer.Feature(image: $0.image, title: $0.title.text, subtitle: $0.subtitle?.text) },
                  primaryAction: action(entry.primaryAction), secondaryAction: action(entry.secondaryAction))
    }
}

extension BeckonDiagnostic {
    init(_ diagnostic: Diagnostic) {
        let severity: Severity = switch diagnostic.severity {
        case .error: .error
        case .warning: .warning
        case .note: .note
        }
        self.init(file: diagnostic.span.file, line: diagnostic.span.start.line, column: diagnostic.span.start.column,
                  severity: severity, code: diagnostic.code, message: diagnostic.message, notes: diagnostic.notes)
    }
}

extension BeckonError {
    init(_ error: EngineError) {
        switch error {
        case .undeclared(let kind, let id, let suggestion): self = .undeclared(kind: kind, id: id, suggestion: suggestion)
        case .invalidValue(let message): self = .invalidValue(message)
        case .notApplicable(let message): self = .notApplicable(message)
        case .store(let failure): self = .storeUnavailable(failure.message)
        case .contention(let subject): self = .contention(subject: subject)
        }
    }
}

extension BeckonError {
    /// A configuration that did not load (opening or reloading): unreadable, invalid (a refused
    /// reload's `reload.storeChanged` included), or with a plugin that cannot load.
    init(_ error: ConfigurationLoadError) {
        switch error {
        case .unreadable(let path, let reason):
            self = .configurationUnreadable(path: path, reason: reason)
        case .invalid(let invalid):
            let diagnostics = invalid.diagnostics.map(BeckonDiagnostic.init)
            self = error.isPluginUnavailable ? .pluginUnavailable(diagnostics: diagnostics) : .invalidConfiguration(diagnostics: diagnostics)
        }
    }
}
