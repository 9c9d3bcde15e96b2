/// A scenario's answer (SEMANTICS §6): whether it runs, or would run, every check, its counters.
public struct ScenarioAnswer: Sendable, Hashable {
    /// The scenario's id.
    public var scenario: String
    /// For `tryScenario`: whether it executed. For the other operations: whether a
    /// `tryScenario` now would execute it.
    public var runs: Bool
    /// Events counted (triggers, or the counted event's donations).
    public var events: Int64
    /// Executions so far (after the operation).
    public var executions: Int64
    /// Every check, all evaluated, in the configuration's order.
    public var checks: [BeckonCheck]

    /// The checks that failed.
    public var failures: [BeckonCheck] { checks.filter { $0.passed == false } }
}

/// An event's counters after a donation.
public struct DonationAnswer: Sendable, Hashable {
    /// The event's id.
    public var event: String
    /// Donations since the subject's last reset.
    public var count: Int64
    /// The earliest donation's instant (Unix ms).
    public var firstMilliseconds: Int64?
    /// The latest donation's instant (Unix ms).
    public var lastMilliseconds: Int64?
}

/// What's new to present (SEMANTICS §7), newest first, or why nothing.
public struct WhatsNewAnswer: Sendable, Hashable {
    /// The app version decided for.
    public var version: String
    /// The entries to present, newest first; empty when there is nothing to show.
    public var entries: [Entry]
    /// Why nothing is shown, when nothing is.
    public var reason: String?
    /// Whether the subject had no recorded app version (a fresh install).
    public var isFreshInstall: Bool
    /// Versions presented to the subject (after the operation), oldest first.
    public var presented: [String]

    /// One version's release notes, as declared.
    public struct Entry: Sendable, Hashable {
        /// The version it describes.
        public var version: String
        /// Its title.
        public var title: String
        /// Its features, in order.
        public var features: [Feature]
        /// The main button.
        public var primaryAction: Action?
        /// A second button.
        public var secondaryAction: Action?
    }

    /// A feature of a release.
    public struct Feature: Sendable, Hashable {
        /// An image name, if declared.
        public var image: String?
        /// The feature's title.
        public var title: String
        /// Its subtitle, if declared.
        public var subtitle: String?
    }

    /// A button of the release notes.
    public struct Action: Sendable, Hashable {
        /// The button's title.
        public var title: String
        /// A link to open, if declared.
        public var url: String?
    }
}

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
}
