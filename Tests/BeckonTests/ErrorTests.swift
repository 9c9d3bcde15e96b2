import Beckon
import Foundation
import Testing
import BeckonTestSupport

/// Every refusal is one `BeckonError` case naming what and where, and leaves the store as it was.
@Suite("Beckon library: errors")
struct ErrorTests {
    /// A call that is refused, and the error it must throw.
    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var call: @Sendable (BeckonEngine) throws -> Void
        var expected: BeckonError
    }

    static let refusals: [Refusal] = [
        Refusal(description: "undeclared tip", call: { _ = try $0.tipStatus("welcom", Clock.at(0)) },
                expected: .undeclared(kind: "tip", id: "welcom", suggestion: "welcome")),
        Refusal(description: "undeclared group", call: { _ = try $0.groupCurrent("onbording", Clock.at(0)) },
                expected: .undeclared(kind: "group", id: "onbording", suggestion: "onboarding")),
        Refusal(description: "undeclared event", call: { try $0.donate("appLaunch", Clock.at(0)) },
                expected: .undeclared(kind: "event", id: "appLaunch", suggestion: "appLaunched")),
        Refusal(description: "undeclared scenario", call: { _ = try $0.tryScenario("ask-for-reviews", Clock.at(0)) },
                expected: .undeclared(kind: "scenario", id: "ask-for-reviews", suggestion: "ask-for-review")),
        Refusal(description: "undeclared parameter", call: { try $0.setParameter("isLogedIn", to: true, Clock.at(0)) },
                expected: .undeclared(kind: "parameter", id: "isLogedIn", suggestion: "isLoggedIn")),
        Refusal(description: "undeclared transient", call: { _ = try $0.tipStatus("welcome", Clock.at(0, transients: ["screenBrightnes": 0.5])) },
                expected: .undeclared(kind: "transient parameter", id: "screenBrightnes", suggestion: "screenBrightness")),
        Refusal(description: "undeclared tip in testing", call: { _ = try $0.tipStatus("welcome", Clock.at(0, testing: .init(show: ["ofline-maps"]))) },
                expected: .undeclared(kind: "tip", id: "ofline-maps", suggestion: "offline-maps")),
        Refusal(description: "stored parameter as transient", call: { _ = try $0.tipStatus("welcome", Clock.at(0, transients: ["plan": "pro"])) },
                expected: .notApplicable("parameter 'plan' is stored, not transient: set it with setParameter, not with a request")),
        Refusal(description: "transient parameter set", call: { try $0.setParameter("screenBrightness", to: 0.5, Clock.at(0)) },
                expected: .notApplicable("parameter 'screenBrightness' is transient: it is never stored; pass it with each request")),
        Refusal(description: "wrong type", call: { try $0.setParameter("favoritesCount", to: "many", Clock.at(0)) },
                expected: .invalidValue("parameter 'favoritesCount' is int: 'many' is not an int")),
        Refusal(description: "wrong transient type", call: { _ = try $0.tipStatus("welcome", Clock.at(0, transients: ["screenBrightness": true])) },
                expected: .invalidValue("transient parameter 'screenBrightness' is double; true is bool")),
        Refusal(description: "wrong info type", call: { try $0.donate("purchaseCompleted", info: ["amountCents": "lots"], Clock.at(0)) },
                expected: .invalidValue("info field 'amountCents' of event 'purchaseCompleted' is int: 'lots' is not an int")),
        Refusal(description: "bad app version", call: { _ = try $0.whatsNewNext(Clock.at(0, appVersion: "two")) },
                expected: .invalidValue("app version: 'two' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0")),
        Refusal(description: "empty subject", call: { _ = try $0.tipStatus("welcome", BeckonRequest(subject: "", milliseconds: Clock.start)) },
                expected: .invalidValue("the subject must not be empty")),
        Refusal(description: "subject too long", call: { try $0.donate("appLaunched", BeckonRequest(subject: String(repeating: "é", count: 129), milliseconds: Clock.start)) },
                expected: .invalidValue("the subject has 258 UTF-8 bytes; at most 256 are accepted")),
        Refusal(description: "trigger of an event scenario", call: { _ = try $0.triggerScenario("offer-subscription", Clock.at(0)) },
                expected: .notApplicable("scenario 'offer-subscription' counts the event 'appLaunched'; donate that event instead of triggering the scenario")),
        Refusal(description: "negative on-screen time", call: { _ = try $0.recordTipShown("welcome", for: .seconds(-1), Clock.at(0)) },
                expected: .invalidValue("an on-screen duration cannot be negative")),
    ]

    @Test(arguments: refusals)
    func aRefusedCallThrowsItsCaseAndWritesNothing(refusal: Refusal) throws {
        let beckon = try ExampleConfiguration.open()
        try beckon.donate("purchaseCompleted", info: ["amountCents": 100], Clock.at(0))
        let before = try beckon.status(Clock.at(0))
        #expect(throws: refusal.expected) { try refusal.call(beckon) }
        #expect(try beckon.status(Clock.at(0)) == before)
        #expect(try beckon.donate("purchaseCompleted", Clock.at(0)).count == 2)
    }

    @Test func anInvalidConfigurationCarriesItsDiagnostics() throws {
        let yaml = "version: 1\ntips:\n  welcome:\n    title: Hi\n    rules: [params.nothing]\n"
        let error = try #require(throws: BeckonError.self, "a configuration with an undeclared parameter opened") {
            try BeckonEngine(yaml: yaml, name: "broken.yaml", storage: .memory)
        }
        guard case .invalidConfiguration(let diagnostics) = error else { Issue.record("unexpected \(error)"); return }
        let first = try #require(diagnostics.first)
        #expect(first.file == "broken.yaml")
        #expect(first.line == 5)
        #expect(first.severity == .error)
        #expect(first.message.contains("nothing"))
        #expect(error.description.contains("broken.yaml:5:"))
    }

    @Test func aMissingFileAndAnUnopenableStoreHaveTheirOwnCases() throws {
        let unreadable = try #require(throws: BeckonError.self) { try BeckonEngine(path: "/nonexistent/beckon.yaml") }
        guard case .configurationUnreadable(let path, _) = unreadable else { Issue.record("unexpected \(unreadable)"); return }
        #expect(path == "/nonexistent/beckon.yaml")
        let folder = try TestRunFolder.newFolder("swift-store")
        // The store's path is a folder: SQLite cannot open it.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("state.db"), withIntermediateDirectories: true)
        let yaml = "version: 1\nstore: {backend: sqlite, path: state.db}\n"
        let unopenable = try #require(throws: BeckonError.self, "a store that is a folder opened") {
            try BeckonEngine(yaml: yaml, name: folder.appendingPathComponent("beckon.yaml").path)
        }
        guard case .storeUnavailable = unopenable else { Issue.record("unexpected \(unopenable)"); return }
        // The same configuration on the memory store opens.
        _ = try BeckonEngine(yaml: yaml, name: folder.appendingPathComponent("beckon.yaml").path, storage: .memory)
    }

    @Test func aPluginThatCannotBeLoadedIsUnavailable() throws {
        let yaml = "version: 1\nplugins:\n  - path: /nonexistent/libnothing.so\n    as: nothing\n"
        let error = try #require(throws: BeckonError.self, "a missing plugin loaded") {
            try BeckonEngine(yaml: yaml, name: "plugged.yaml", storage: .memory)
        }
        guard case .pluginUnavailable(let diagnostics) = error else { Issue.record("unexpected \(error)"); return }
        #expect(diagnostics.contains { $0.code == "plugin.unavailable" })
    }
}
