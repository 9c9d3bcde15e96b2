import BeckonRules

/// What the fast path knows about one tip, found once when the engine is made: the tip's rules,
/// each with its fast form.
final class FastTipPlan: Sendable {
    let rules: [CompiledRule]
    let forms: [FastRule]
    let ignoresDisplayFrequency: Bool

    init(rules: [CompiledRule], forms: [FastRule], ignoresDisplayFrequency: Bool) {
        self.rules = rules
        self.forms = forms
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
    }

    /// The plans of a configuration's tips, by slot: nil for a tip the fast path does not
    /// decide. It decides a tip over the memory store, outside any group, when the configuration
    /// has no testing overrides, every rule has a fast form (reading stored or transient
    /// parameters alike), and every tip whose display count a rule reads has no rules and no group (reading it
    /// then evaluates nothing but its display-frequency wait, which the fast path computes).
    static func plans(configuration: Configuration, rules: RuleBook, store: any Store, groupOfTip: [Int?]) -> [FastTipPlan?] {
        let tips = configuration.tips.all
        guard store is MemoryStore, configuration.testing.isEmpty, rules.tipRules.count == tips.count else {
            return Array(repeating: nil, count: tips.count)
        }
        return tips.indices.map { slot in
            guard groupOfTip[slot] == nil else { return nil }
            // Template arguments the fast path reads only when each is a parameter or an event count.
            guard slot >= rules.tipTemplates.count || rules.tipTemplates[slot].map({ $0.fastArguments != nil }) ?? true else { return nil }
            let compiled = rules.tipRules[slot]
            let forms = compiled.compactMap(\.fast)
            guard forms.count == compiled.count else { return nil }
            for form in forms {
                guard form.tipSlots.allSatisfy({ rules.tipRules[$0].isEmpty && groupOfTip[$0] == nil }) else { return nil }
            }
            return FastTipPlan(rules: compiled, forms: forms, ignoresDisplayFrequency: tips[slot].ignoresDisplayFrequency)
        }
    }
}

extension TestingOverrides {
    /// Whether it overrides nothing.
    var isEmpty: Bool { show.isEmpty && hide.isEmpty && !showAll && !hideAll }
}
