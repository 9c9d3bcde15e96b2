/// A tip decision without the tip's content or checks: what the typed embedding path reports.
public struct TipVerdict: Sendable {
    /// The status.
    public var status: TipStatus
    /// The check that decided it.
    public var reason: TipReason
    /// As `TipDecision.revisitAt`.
    public var revisitAt: Int64?
    /// The tip's recorded state.
    public var record: TipRecord
    /// For a tip with templates: their arguments' values (the general path decides such a tip).
    public var templateValues: TemplateValues? = nil
}
