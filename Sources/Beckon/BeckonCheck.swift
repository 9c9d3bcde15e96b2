/// One check behind an answer (explanations, scenario answers).
public struct BeckonCheck: Sendable, Hashable {
    /// What was checked: `testing`, `rule 2`, `display frequency`, `minEventsRequired`, `condition 1`.
    public var name: String
    /// Whether it let the answer through; nil when it was not reached.
    public var passed: Bool?
    /// What was found, for people.
    public var detail: String
    /// Where a rule is written: `example-tips.yaml:17`.
    public var source: String?
    /// For a scenario setting: its value (durations in ms).
    public var limit: Int64?
    /// For a scenario setting: the counter or elapsed time found (ms), nil when there is none yet.
    public var actual: Int64?
}
