/// Everything the subject would see now, recording nothing: what `beckon status` prints.
public struct StatusOverview: Sendable, Hashable {
    /// The subject decided for.
    public var subject: String
    /// The instant decided at (Unix ms).
    public var milliseconds: Int64
    /// Every tip asked about (all of them by default), in declaration order.
    public var tips: [TipAnswer]
    /// Every group, in declaration order.
    public var groups: [GroupAnswer]
    /// Every scenario (what a `tryScenario` now would do), in declaration order.
    public var scenarios: [ScenarioAnswer]
    /// What `whatsNewNext` would answer, or nil when there is no app version.
    public var whatsNew: WhatsNewAnswer?
    /// The locale the content is in, as the configuration writes it.
    public var locale: String = ""
}
