public import BeckonDiagnostics

/// A tip (SEMANTICS §4): content that Beckon returns, rules that gate it, and display options.
public struct TipDeclaration: Declared, Hashable {
    public var id: String
    /// The title (required).
    public var title: ContentText
    /// The optional message.
    public var message: ContentText?
    /// The optional image name.
    public var image: String?
    /// Buttons the host may show with the tip.
    public var actions: [TipAction]
    /// Rules, all of which must hold (ANDed).
    public var rules: [RuleSource]
    /// After this many displays the tip is invalidated (`displayCountExceeded`).
    public var maxDisplayCount: Int?
    /// After this much on-screen time (ms) the tip is invalidated (`displayDurationExceeded`).
    public var maxDisplayDuration: Int64?
    /// Whether the global display frequency is ignored for this tip.
    public var ignoresDisplayFrequency: Bool
    /// Where the tip is declared.
    public var span: SourceSpan

    /// Creates a tip declaration.
    public init(
        id: String, title: ContentText, message: ContentText? = nil, image: String? = nil, actions: [TipAction] = [],
        rules: [RuleSource] = [], maxDisplayCount: Int? = nil, maxDisplayDuration: Int64? = nil,
        ignoresDisplayFrequency: Bool = false, span: SourceSpan
    ) {
        self.id = id
        self.title = title
        self.message = message
        self.image = image
        self.actions = actions
        self.rules = rules
        self.maxDisplayCount = maxDisplayCount
        self.maxDisplayDuration = maxDisplayDuration
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
        self.span = span
    }
}

/// A button offered with a tip.
public struct TipAction: Hashable, Sendable {
    public var id: String
    public var title: ContentText

    /// Creates an action.
    public init(id: String, title: ContentText) {
        self.id = id
        self.title = title
    }
}

/// An ordered list of tips with a priority (SEMANTICS §5).
public struct TipGroupDeclaration: Declared, Hashable {
    public var id: String
    /// How the current tip is chosen.
    public var priority: TipGroupPriority
    /// Member tip ids, in order.
    public var tips: [String]
    /// Where the group is declared.
    public var span: SourceSpan

    /// Creates a group declaration.
    public init(id: String, priority: TipGroupPriority = .firstAvailable, tips: [String], span: SourceSpan) {
        self.id = id
        self.priority = priority
        self.tips = tips
        self.span = span
    }
}

/// How a tip group picks its current tip.
public enum TipGroupPriority: String, Hashable, Sendable, CaseIterable {
    /// The first member whose own status is available.
    case firstAvailable
    /// The first non-invalidated member, if it is available.
    case ordered
}

/// Testing overrides for tip status (SEMANTICS §4.1), in precedence order.
public struct TestingOverrides: Hashable, Sendable {
    /// Tips forced available.
    public var show: [String]
    /// Tips forced pending.
    public var hide: [String]
    /// Every tip available.
    public var showAll: Bool
    /// Every tip pending.
    public var hideAll: Bool

    /// Creates overrides; the default overrides nothing.
    public init(show: [String] = [], hide: [String] = [], showAll: Bool = false, hideAll: Bool = false) {
        self.show = show
        self.hide = hide
        self.showAll = showAll
        self.hideAll = hideAll
    }
}
