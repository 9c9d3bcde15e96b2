import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonTestSupport
import Testing

/// `Config/example.yaml` (with its include `example-tips.yaml`) is the configuration the documents
/// show; it must load, and load to exactly what it says.
@Suite("The example configuration")
struct ExampleConfigurationTests {
    static let configFolder = Repository.path("Config")
    let loaded: LoadedConfiguration

    init() throws {
        loaded = try ConfigurationLoader().load(path: Self.configFolder + "/example.yaml")
    }

    var configuration: Configuration { loaded.configuration }

    @Test func loadsWithoutWarnings() {
        #expect(loaded.warnings.isEmpty, "\(DiagnosticRenderer(sources: loaded.sources).render(loaded.warnings))")
        #expect(configuration.files == [Self.configFolder + "/example.yaml", Self.configFolder + "/example-tips.yaml"])
        #expect(configuration.formatVersion == 1)
        #expect(configuration.appVersion == Version(major: 2, minor: 3, patch: 1))
    }

    @Test func declarationCounts() {
        #expect(configuration.tips.count == 4)
        #expect(configuration.groups.count == 2)
        #expect(configuration.scenarios.count == 3)
        #expect(configuration.events.count == 3)
        #expect(configuration.parameters.count == 8)
        #expect(configuration.whatsNew.entries.count == 2)
        #expect(configuration.plugins.count == 1)
    }

    @Test func tipsComeFromTheIncludedFileInOrder() throws {
        #expect(configuration.tips.ids == ["welcome", "favorite-landmark", "offline-maps", "search-filters"])
        let favorite = try #require(configuration.tips["favorite-landmark"])
        #expect(favorite.title.text == "Save as favorite")
        #expect(favorite.actions.map { [$0.id, $0.title.text] } == [["learn-more", "Learn more"], ["dismiss", "Not now"]])
        #expect(favorite.rules.first?.text == "params.isLoggedIn")
        #expect(favorite.rules.first?.span.start == SourcePosition(line: 17, column: 9))
        #expect(favorite.maxDisplayCount == 3)
        #expect(favorite.maxDisplayDuration == 120_000)
        #expect(favorite.span.file == Self.configFolder + "/example-tips.yaml")
        #expect(favorite.span.start == SourcePosition(line: 9, column: 3))
        #expect(configuration.tips["search-filters"]?.ignoresDisplayFrequency == true)
    }

    @Test func groups() {
        #expect(configuration.groups["onboarding"]?.priority == .ordered)
        #expect(configuration.groups["onboarding"]?.tips == ["welcome", "favorite-landmark"])
        #expect(configuration.groups["discovery"]?.priority == .firstAvailable)
        #expect(configuration.groups["discovery"]?.tips == ["offline-maps", "search-filters"])
    }

    @Test func displayFrequencyDailyIsOneDayInMilliseconds() {
        #expect(configuration.displayFrequency == 86_400_000)
    }

    @Test func storePathIsRelativeToTheConfigFile() {
        #expect(configuration.store.backend == .sqlite)
        #expect(configuration.store.path == Self.configFolder + "/state/beckon.db")
    }

    @Test func plugin() throws {
        let plugin = try #require(configuration.plugins.first)
        #expect(plugin.namespace == "calendar")
        #expect(plugin.writtenPath == "plugins/libbeckon-calendar.so")
        #expect(plugin.path == Self.configFolder + "/plugins/libbeckon-calendar.so")
        #expect(plugin.config == .map([
            ("timeZone", .string("Europe/Berlin")),
            ("holidays", .list([.string("2026-12-25"), .string("2026-12-26"), .string("2027-01-01")])),
        ]))
        // Each config value's position by JSON pointer, for a plugin's complaints.
        #expect(plugin.configSpans["/holidays/1"]?.start == SourcePosition(line: 23, column: 64))
        #expect(plugin.configSpans["/timeZone"]?.start == SourcePosition(line: 23, column: 24))
        #expect(plugin.configSpans[""]?.start == SourcePosition(line: 23, column: 13))
        #expect(plugin.span.start == SourcePosition(line: 21, column: 11))
    }

    @Test func parameters() throws {
        let parameters = configuration.parameters
        #expect(parameters.ids == ["isLoggedIn", "plan", "favoritesCount", "installedAt", "lastSyncVersion", "enabledFeatures", "screenBrightness", "connection"])
        #expect(parameters["isLoggedIn"]?.defaultValue == .bool(false))
        #expect(parameters["plan"]?.defaultValue == .string("free"))
        #expect(parameters["favoritesCount"]?.defaultValue == .int(0))
        #expect(parameters["installedAt"]?.type == .timestamp)
        #expect(parameters["installedAt"]?.defaultValue == .null)
        #expect(parameters["lastSyncVersion"]?.defaultValue == .version(Version(major: 1)))
        #expect(parameters["enabledFeatures"]?.type == .list(.string))
        #expect(parameters["enabledFeatures"]?.defaultValue == .list([]))
        #expect(parameters["screenBrightness"]?.defaultValue == .double(1.0))
        #expect(parameters["screenBrightness"]?.isTransient == true)
        #expect(parameters["connection"]?.defaultValue == .string("wifi"))
        #expect(parameters.all.filter(\.isTransient).map(\.id) == ["screenBrightness", "connection"])
    }

    @Test func events() throws {
        let viewed = try #require(configuration.events["landmarkViewed"])
        #expect(viewed.infoFields == [InfoField(name: "landmark", type: .string), InfoField(name: "fromSearch", type: .bool)])
        #expect(viewed.maxLogCount == 1000)
        #expect(viewed.maxAge == 7_776_000_000)  // 90d
        #expect(configuration.events["purchaseCompleted"]?.maxLogCount == 50)
        #expect(configuration.events["purchaseCompleted"]?.maxAge == nil)
        #expect(configuration.events["appLaunched"]?.maxLogCount == EventDeclaration.defaultMaxLogCount)
    }

    @Test func scenarios() throws {
        let review = try #require(configuration.scenarios["ask-for-review"])
        #expect(review.minEventsRequired == 5)
        #expect(review.minTimeSinceFirstEvent == 604_800_000)  // 7d
        #expect(review.maxExecutionsPermitted == 4)
        #expect(review.minTimeBetweenExecutions == 172_800_000)  // 2d
        #expect(review.conditions.map(\.text) == [#"params.plan == "free""#])

        let offer = try #require(configuration.scenarios["offer-subscription"])
        #expect(offer.event == "appLaunched")
        #expect(offer.maxEventsPermitted == 100)
        #expect(offer.minTimeSinceLastEvent == 3_600_000)
    }

    /// WaitForIt's `minSeconds*` names are aliases taking a number of seconds.
    @Test func waitForItSecondsAliasesBecomeMilliseconds() throws {
        let legacy = try #require(configuration.scenarios["legacy-welcome-back"])
        #expect(legacy.minTimeSinceFirstEvent == 86_400_000)
        #expect(legacy.minTimeSinceLastEvent == 3_600_000)
        #expect(legacy.minTimeBetweenExecutions == 604_800_000)
        #expect(legacy.maxExecutionsPermitted == 2)
    }

    @Test func whatsNew() throws {
        let whatsNew = configuration.whatsNew
        #expect(whatsNew.mode == .exact)
        #expect(whatsNew.freshInstall == .show)
        #expect(whatsNew.entries.map(\.version) == [Version(major: 2, minor: 3), Version(major: 2, minor: 2)])
        let latest = try #require(whatsNew.entries.first)
        #expect(latest.title.text == "What's New in Landmarks")
        #expect(latest.features.count == 2)
        #expect(latest.primaryAction?.title.text == "Continue" && latest.primaryAction?.url == nil)
        #expect(latest.secondaryAction?.title.text == "Learn more" && latest.secondaryAction?.url == "https://example.com/landmarks/2.3")
        #expect(whatsNew.entries.last?.secondaryAction == nil)
    }

    @Test func testingOverridesAreOff() {
        #expect(configuration.testing == TestingOverrides())
    }
}
