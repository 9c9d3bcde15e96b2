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
    /// With `BeckonRequest.reportingChanges`, what the operation changed for the subject (nil
    /// when not asked, and for operations that record nothing).
    public var changes: SubjectChanges? = nil
    /// The locale the entries' texts are in, as the configuration writes it: the one the
    /// request's languages chose, else the configuration's default locale.
    public var locale: String = ""

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
