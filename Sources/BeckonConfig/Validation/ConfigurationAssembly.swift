import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// What the files of one configuration declare, gathered across includes before the references
/// between declarations are checked.
struct ConfigurationAssembly {
    var formatVersion: Int?
    var appVersion: Version?
    /// `app.defaultLocale`, `en` when not set.
    var defaultLocale = "en"
    /// Whether `app.defaultLocale` was written wrong (and reported): texts are then not checked
    /// against it, which would only repeat the problem.
    var defaultLocaleIsInvalid = false
    var displayFrequency: Int64 = 0
    var store = StoreSettings()
    var storeBackendNode: YAMLNode?
    /// Where `store.options` is written: its key, and each value and key by JSON pointer, so that
    /// a plugin store's problems with its options are shown where they are.
    var storeOptionsLocation = StoreOptionsLocation()
    var plugins: [PluginDeclaration] = []
    var requirePluginPins = false
    var parameters = Declarations<ParameterDeclaration>()
    var events = Declarations<EventDeclaration>()
    var tips = Declarations<TipDeclaration>()
    var groups = Declarations<TipGroupDeclaration>()
    var scenarios = Declarations<ScenarioDeclaration>()
    var whatsNew = WhatsNewSettings()
    var testing = TestingOverrides()
    var files: [String] = []

    /// Sections that may be set once in the whole configuration, with where they were set.
    var singleSections: [String: SourceSpan] = [:]
    /// Where each id was first declared, per kind, to report duplicates across files.
    var declaredAt: [String: [String: SourceSpan]] = [:]
    /// References to check once everything is declared.
    var references: [Reference] = []
    /// Every listing of a tip in a group, in order, to check that a tip is in one group at most.
    var memberships: [(group: String, tip: String, span: SourceSpan)] = []

    /// A use of an id that must be declared.
    struct Reference {
        enum Kind: String {
            case tip, event, plugin = "plugin namespace"

            /// The kind under which such ids are claimed.
            var declarationKind: String {
                self == .plugin ? "plugin" : rawValue
            }
        }
        var kind: Kind
        var id: String
        var span: SourceSpan
        /// Who refers, for the message: "group 'onboarding'".
        var owner: String
    }

    /// Claims an id of a kind; reports and returns false when it was declared before.
    mutating func claim(_ id: String, kind: String, at span: SourceSpan, diagnostics: inout DiagnosticList) -> Bool {
        if let first = declaredAt[kind]?[id] {
            diagnostics.error("config.duplicateId", "\(kind) '\(id)' is declared more than once", at: span,
                              notes: ["first declared at \(first)"])
            return false
        }
        declaredAt[kind, default: [:]][id] = span
        return true
    }

    /// Claims a section that may appear in only one file.
    mutating func claimSection(_ name: String, at span: SourceSpan, diagnostics: inout DiagnosticList) -> Bool {
        if let first = singleSections[name] {
            diagnostics.error("config.duplicateSection", "'\(name)' is already set in another file", at: span,
                              notes: ["first set at \(first)"])
            return false
        }
        singleSections[name] = span
        return true
    }

    /// The finished configuration.
    var configuration: Configuration {
        Configuration(
            formatVersion: formatVersion ?? 1, appVersion: appVersion, defaultLocale: defaultLocale, displayFrequency: displayFrequency,
            store: store, plugins: plugins, requirePluginPins: requirePluginPins, parameters: parameters, events: events, tips: tips, groups: groups,
            scenarios: scenarios, whatsNew: whatsNew, testing: testing, files: files
        )
    }
}
