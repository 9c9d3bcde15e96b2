/// A tip verdict as codes and numbers: its status, its reason without text, `revisitAt` and the
/// two counters of its record the typed embedding path reports. Made by the fast path without
/// copying a string or the whole record (`Engine.fastTipBrief(slot:subject:now:transients:)`), it
/// is what the typed C path answers with.
public struct TipBrief: Sendable, Hashable {
    /// A `TipReason` without its text, sources or messages.
    public enum Reason: Sendable, Hashable {
        case allChecksPassed
        case shownByTesting
        case hiddenByTesting
        case invalidated(InvalidationReason)
        case ruleNotSatisfied(index: Int)
        case ruleFailed(index: Int)
        case displayFrequency
        case withheldByGroup
        case dependsOnItself
    }

    /// The status.
    public var status: TipStatus
    /// The check that decided it.
    public var reason: Reason
    /// As `TipDecision.revisitAt`.
    public var revisitAt: Int64?
    /// The tip's recorded display count.
    public var displayCount: Int64
    /// The tip's recorded on-screen time (ms).
    public var displayDuration: Int64

    /// Creates a brief.
    public init(status: TipStatus, reason: Reason, revisitAt: Int64?, displayCount: Int64, displayDuration: Int64) {
        self.status = status
        self.reason = reason
        self.revisitAt = revisitAt
        self.displayCount = displayCount
        self.displayDuration = displayDuration
    }

    /// The brief of a full verdict.
    public init(_ verdict: TipVerdict) {
        self.init(status: verdict.status, reason: Reason(verdict.reason), revisitAt: verdict.revisitAt,
                  displayCount: verdict.record.displayCount, displayDuration: verdict.record.displayDuration)
    }
}

extension TipBrief.Reason {
    /// The brief of a full reason.
    public init(_ reason: TipReason) {
        self = switch reason {
        case .allChecksPassed: .allChecksPassed
        case .shownByTesting: .shownByTesting
        case .hiddenByTesting: .hiddenByTesting
        case .invalidated(let why): .invalidated(why)
        case .ruleNotSatisfied(let index, _, _): .ruleNotSatisfied(index: index)
        case .ruleFailed(let index, _, _, _): .ruleFailed(index: index)
        case .displayFrequency: .displayFrequency
        case .withheldByGroup: .withheldByGroup
        case .dependsOnItself: .dependsOnItself
        }
    }
}
