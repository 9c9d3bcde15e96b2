public import BeckonRules

/// A loaded, validated configuration: everything the engine needs to decide, in declaration order.
///
/// Built by `BeckonConfig` from YAML; every declaration keeps the span it was declared at so that
/// explanations and later diagnostics can point back into the file.
public struct Configuration: Sendable {
    /// The configuration format version (always 1 today).
    public var formatVersion: Int
    /// The current app version from `app.version`, if set.
    public var appVersion: Version?
    /// The BCP 47 tag of the language plain texts are in (`app.defaultLocale`), and the locale
    /// every request falls back to.
    public var defaultLocale: String
    /// The global display frequency for new tips, in milliseconds (0 = immediate).
    public var displayFrequency: Int64
    /// Where state is kept.
    public var store: StoreSettings
    /// Plugins to load, in order.
    public var plugins: [PluginDeclaration]
    /// Whether every plugin entry must pin its file (`plugins.requirePins`): an unpinned one is
    /// refused, never loaded.
    public var requirePluginPins: Bool
    /// Declared parameters.
    public var parameters: Declarations<ParameterDeclaration>
    /// Declared events.
    public var events: Declarations<EventDeclaration>
    /// Declared tips.
    public var tips: Declarations<TipDeclaration>
    /// Declared tip groups.
    public var groups: Declarations<TipGroupDeclaration>
    /// Declared scenarios.
    public var scenarios: Declarations<ScenarioDeclaration>
    /// Release notes and how they are chosen.
    public var whatsNew: WhatsNewSettings
    /// Testing overrides for tip status.
    public var testing: TestingOverrides
    /// Every file that was read, the main file first.
    public var files: [String]

    /// Creates a configuration; the defaults are those of an empty `version: 1` file.
    public init(
        formatVersion: Int = 1,
        appVersion: Version? = nil,
        defaultLocale: String = "en",
        displayFrequency: Int64 = 0,
        store: StoreSettings = StoreSettings(),
        plugins: [PluginDeclaration] = [],
        requirePluginPins: Bool = false,
        parameters: Declarations<ParameterDeclaration> = Declarations(),
        events: Declarations<EventDeclaration> = Declarations(),
        tips: Declarations<TipDeclaration> = Declarations(),
        groups: Declarations<TipGroupDeclaration> = Declarations(),
        scenarios: Declarations<ScenarioDeclaration> = Declarations(),
        whatsNew: WhatsNewSettings = WhatsNewSettings(),
        testing: TestingOverrides = TestingOverrides(),
        files: [String] = []
    ) {
        self.formatVersion = formatVersion
        self.appVersion = appVersion
        self.defaultLocale = defaultLocale
        self.displayFrequency = displayFrequency
        self.store = store
        self.plugins = plugins
        self.requirePluginPins = requirePluginPins
        self.parameters = parameters
        self.events = events
        self.tips = tips
        self.groups = groups
        self.scenarios = scenarios
        self.whatsNew = whatsNew
        self.testing = testing
        self.files = files
    }

    /// Every rule of the configuration with what it belongs to, in declaration order.
    public var allRules: [(owner: String, rule: RuleSource)] {
        tips.all.flatMap { tip in tip.rules.map { ("tip '\(tip.id)'", $0) } }
            + scenarios.all.flatMap { scenario in scenario.conditions.map { ("scenario '\(scenario.id)'", $0) } }
    }
}

/// Something declared in the configuration under a unique id.
public protocol Declared: Sendable {
    /// The id, unique within its kind.
    var id: String { get }
}

/// Declarations of one kind in declaration order, with lookup by id.
public struct Declarations<Element: Declared>: Sendable, Sequence {
    /// All declarations, in the order they were written.
    public private(set) var all: [Element] = []
    private var indexByID: [String: Int] = [:]

    /// Creates an empty collection.
    public init() {}

    /// Creates a collection from declarations with unique ids (later duplicates are dropped).
    public init(_ elements: [Element]) {
        for element in elements { append(element) }
    }

    /// Adds a declaration; returns false (and adds nothing) if its id is taken.
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        guard indexByID[element.id] == nil else { return false }
        indexByID[element.id] = all.count
        all.append(element)
        return true
    }

    /// The declaration with this id.
    public subscript(id: String) -> Element? {
        indexByID[id].map { all[$0] }
    }

    /// Whether an id is declared.
    public func contains(_ id: String) -> Bool { indexByID[id] != nil }

    /// The declared ids, in declaration order.
    public var ids: [String] { all.map(\.id) }

    /// The number of declarations.
    public var count: Int { all.count }

    public func makeIterator() -> IndexingIterator<[Element]> { all.makeIterator() }
}
