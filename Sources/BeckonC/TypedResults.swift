internal import CBeckon
import BeckonCore

// The structs of the typed path (beckon_tip_result, beckon_group_result, beckon_scenario_result)
// built from the engine's decisions: codes and numbers only, no text.

extension beckon_tip_result {
    /// The typed answer of a tip verdict, `struct_size` set to `size` (the host's).
    init(_ verdict: TipVerdict, size: UInt32) {
        let (code, rule) = Self.reasonCode(verdict.reason)
        self.init(struct_size: size, status: Self.status(verdict.status), reason_code: code, rule_index: rule,
                  revisit_at: verdict.revisitAt ?? Int64.min, display_count: verdict.record.displayCount,
                  display_duration_ms: verdict.record.displayDuration)
    }

    /// The typed answer of a brief tip verdict, `struct_size` set to `size` (the host's).
    init(_ brief: TipBrief, size: UInt32) {
        let (code, rule) = Self.reasonCode(brief.reason)
        self.init(struct_size: size, status: Self.status(brief.status), reason_code: code, rule_index: rule,
                  revisit_at: brief.revisitAt ?? Int64.min, display_count: brief.displayCount,
                  display_duration_ms: brief.displayDuration)
    }

    /// The typed answer of a tip decision, `struct_size` set to `size` (the host's).
    init(_ decision: TipDecision, size: UInt32) {
        let (code, rule) = Self.reasonCode(decision.reason)
        self.init(struct_size: size, status: Self.status(decision.status), reason_code: code, rule_index: rule,
                  revisit_at: decision.revisitAt ?? Int64.min, display_count: decision.record.displayCount,
                  display_duration_ms: decision.record.displayDuration)
    }

    static func status(_ status: TipStatus) -> Int32 {
        switch status {
        case .pending: BECKON_TIP_PENDING
        case .available: BECKON_TIP_AVAILABLE
        case .invalidated: BECKON_TIP_INVALIDATED
        }
    }

    /// `BECKON_REASON_*` of a reason (the JSON's `reasonCode`), and the rule's index for rule reasons (else -1).
    static func reasonCode(_ reason: TipReason) -> (code: Int32, rule: Int32) {
        reasonCode(TipBrief.Reason(reason))
    }
}

extension beckon_tip_result {
    /// `BECKON_REASON_*` of a brief's reason, and the rule's index for rule reasons (else -1).
    static func reasonCode(_ reason: TipBrief.Reason) -> (code: Int32, rule: Int32) {
        switch reason {
        case .allChecksPassed: (BECKON_REASON_AVAILABLE, -1)
        case .shownByTesting: (BECKON_REASON_TESTING_SHOW, -1)
        case .hiddenByTesting: (BECKON_REASON_TESTING_HIDE, -1)
        case .invalidated(.actionPerformed): (BECKON_REASON_ACTION_PERFORMED, -1)
        case .invalidated(.tipClosed): (BECKON_REASON_TIP_CLOSED, -1)
        case .invalidated(.displayCountExceeded): (BECKON_REASON_DISPLAY_COUNT_EXCEEDED, -1)
        case .invalidated(.displayDurationExceeded): (BECKON_REASON_DISPLAY_DURATION_EXCEEDED, -1)
        case .ruleNotSatisfied(let index): (BECKON_REASON_RULE, Int32(clamping: index))
        case .ruleFailed(let index): (BECKON_REASON_RULE_ERROR, Int32(clamping: index))
        case .displayFrequency: (BECKON_REASON_DISPLAY_FREQUENCY, -1)
        case .withheldByGroup: (BECKON_REASON_GROUP, -1)
        case .dependsOnItself: (BECKON_REASON_CYCLE, -1)
        }
    }
}

extension beckon_scenario_result {
    /// The typed answer of a scenario decision, `struct_size` set to `size` (the host's).
    init(_ decision: ScenarioDecision, size: UInt32) {
        let failed = decision.checks.reduce(Int32(0)) { $1.passed ? $0 : $0 + 1 }
        self.init(struct_size: size, runs: decision.executed ? 1 : 0, failed_checks: failed, events: decision.events,
                  executions: decision.executions, revisit_at: decision.revisitAt ?? Int64.min)
    }
}

/// Reading and writing the caller's result structs.
enum TypedResult {
    /// The `struct_size` of the caller's result, or the refusal of a NULL one or one smaller than
    /// its first size (`name` is the parameter's name in the header).
    static func size<T>(of result: UnsafeMutablePointer<T>?, _ name: String) throws(CallFailure) -> UInt32 {
        guard let result else { throw CallFailure(BECKON_INVALID_ARGUMENT, "\(name) is NULL") }
        let size = UnsafeRawPointer(result).load(as: UInt32.self)
        guard Int(size) >= MemoryLayout<T>.size else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "\(name).struct_size is \(size); ABI 1.1 needs \(MemoryLayout<T>.size)")
        }
        return size
    }
}
