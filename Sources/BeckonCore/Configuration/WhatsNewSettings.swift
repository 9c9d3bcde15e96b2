public import BeckonDiagnostics
public import BeckonRules

/// Release notes and how they are chosen (SEMANTICS §7).
public struct WhatsNewSettings: Hashable, Sendable {
    /// How entries are chosen.
    public var mode: WhatsNewMode
    /// What a subject with no recorded app version sees.
    public var freshInstall: FreshInstallPolicy
    /// Entries, in declaration order; versions are unique.
    public var entries: [WhatsNewEntry]

    /// Creates settings; the default is `exact`, `show`, no entries.
    public init(mode: WhatsNewMode = .exact, freshInstall: FreshInstallPolicy = .show, entries: [WhatsNewEntry] = []) {
        self.mode = mode
        self.freshInstall = freshInstall
        self.entries = entries
    }
}

/// How what's-new entries are chosen.
public enum WhatsNewMode: String, Hashable, Sendable, CaseIterable {
    /// WhatsNewKit: the entry for the current version, else for its `.0` patch.
    case exact
    /// Every unpresented entry newer than the last seen version, up to the current one.
    case catchUp
}

/// What a fresh install sees.
public enum FreshInstallPolicy: String, Hashable, Sendable, CaseIterable {
    case show
    case skip
}

/// The release notes of one version.
public struct WhatsNewEntry: Hashable, Sendable {
    public var version: Version
    public var title: ContentText
    public var features: [WhatsNewFeature]
    public var primaryAction: WhatsNewAction?
    public var secondaryAction: WhatsNewAction?
    /// Where the entry is declared.
    public var span: SourceSpan

    /// Creates an entry.
    public init(version: Version, title: ContentText, features: [WhatsNewFeature] = [], primaryAction: WhatsNewAction? = nil,
                secondaryAction: WhatsNewAction? = nil, span: SourceSpan) {
        self.version = version
        self.title = title
        self.features = features
        self.primaryAction = primaryAction
        self.secondaryAction = secondaryAction
        self.span = span
    }
}

/// One feature line of an entry.
public struct WhatsNewFeature: Hashable, Sendable {
    public var image: String?
    public var title: ContentText
    public var subtitle: ContentText?

    /// Creates a feature.
    public init(image: String? = nil, title: ContentText, subtitle: ContentText? = nil) {
        self.image = image
        self.title = title
        self.subtitle = subtitle
    }
}

/// A button of an entry.
public struct WhatsNewAction: Hashable, Sendable {
    public var title: ContentText
    public var url: String?

    /// Creates an action.
    public init(title: ContentText, url: String? = nil) {
        self.title = title
        self.url = url
    }
}
