import Beckon
import Foundation
import Testing

/// What a request carries besides subject and instant: transient parameters, testing overrides,
/// values from Swift literals, and the instant as a `Date`.
@Suite("Beckon library: requests and values")
struct RequestTests {
    /// A tip gated by a transient parameter: the host passes the brightness with each request.
    static let brightnessYAML = """
        version: 1
        parameters:
          screenBrightness: {type: double, default: 1.0, transient: true}
          mode: {type: list<string>, default: []}
        tips:
          dim-mode:
            title: Try dim mode
            rules: [params.screenBrightness < 0.3]
        """

    @Test(arguments: [
        (BeckonValue.double(0.1), TipAnswer.Status.available),
        (0.5, .pending),
        (0, .available),       // an int literal widens to the declared double
        ("0.2", .available),   // a string is read as the command line writes it
    ])
    func aTransientParameterDecidesForTheRequestOnly(value: BeckonValue, expected: TipAnswer.Status) throws {
        let beckon = try BeckonEngine(yaml: Self.brightnessYAML, name: "brightness.yaml", storage: .memory)
        let request = BeckonRequest(subject: "ada", milliseconds: Clock.start, transients: ["screenBrightness": value])
        #expect(try beckon.tipStatus("dim-mode", request).status == expected)
        // Never stored: without it the default applies.
        #expect(try beckon.tipStatus("dim-mode", BeckonRequest(subject: "ada", milliseconds: Clock.start)).status == .pending)
    }

    @Test func theExampleSeesATransientParameterPassedWithTheRequest() throws {
        let beckon = try ExampleConfiguration.open()
        #expect(try beckon.parameter("screenBrightness", Clock.at(0, transients: ["screenBrightness": 0.25])) == .double(0.25))
        #expect(try beckon.parameter("screenBrightness", Clock.at(0)) == .double(1.0))
    }

    @Test(arguments: [
        (BeckonRequest.Testing(show: ["offline-maps"]), "offline-maps", TipAnswer.Status.available, "testingShow"),
        (BeckonRequest.Testing(hide: ["welcome"]), "welcome", .pending, "testingHide"),
        (BeckonRequest.Testing(showAll: true), "search-filters", .available, "testingShow"),
        (BeckonRequest.Testing(hideAll: true), "welcome", .pending, "testingHide"),
        (BeckonRequest.Testing(show: ["welcome"], hideAll: true), "welcome", .available, "testingShow"),
        (BeckonRequest.Testing(), "offline-maps", .pending, "rule"),
    ])
    func testingOverridesApplyToTheRequest(testing: BeckonRequest.Testing, tip: String, status: TipAnswer.Status, reasonCode: String) throws {
        let beckon = try ExampleConfiguration.open()
        let answer = try beckon.tipStatus(tip, Clock.at(0, testing: testing))
        #expect(answer.status == status)
        #expect(answer.reasonCode == reasonCode)
        // Overrides belong to the request: the next one without them sees the rules again.
        if testing != BeckonRequest.Testing() {
            #expect(try beckon.tipStatus(tip, Clock.at(0)).reasonCode != reasonCode)
        }
    }

    @Test(arguments: [
        ("lastSyncVersion", BeckonValue.string("2.1"), BeckonValue.version("2.1.0")),
        ("lastSyncVersion", .version("3.0.1"), .version("3.0.1")),
        ("enabledFeatures", ["offlineMaps", "search"] as BeckonValue, .list(["offlineMaps", "search"])),
        ("enabledFeatures", "a,b", .list(["a", "b"])),
        ("favoritesCount", 3, 3),
        ("installedAt", "2026-03-01T09:00:00Z", .timestamp(milliseconds: Clock.start)),
        ("plan", "pro", "pro"),
        ("isLoggedIn", true, true),
        ("plan", nil, "free"),  // nil returns a parameter to its default
    ])
    func parametersTakeSwiftLiteralsTypedByTheirDeclaration(name: String, value: BeckonValue, stored: BeckonValue) throws {
        let beckon = try ExampleConfiguration.open()
        try beckon.setParameter(name, to: value, Clock.at(0))
        #expect(try beckon.parameter(name, Clock.at(0)) == stored)
    }

    @Test func aDateAndUnixMillisecondsNameTheSameInstant() throws {
        let date = Date(timeIntervalSince1970: Double(Clock.start) / 1000)
        #expect(BeckonRequest(now: date).milliseconds == Clock.start)
        #expect(BeckonRequest(milliseconds: Clock.start).now == date)
        let beckon = try ExampleConfiguration.open()
        let donation = try beckon.donate("appLaunched", BeckonRequest(subject: "ada", now: date))
        #expect(donation.firstMilliseconds == Clock.start)
        // No instant: the wall clock at the call.
        let wall = try beckon.donate("appLaunched", BeckonRequest(subject: "bob"))
        let lastMilliseconds = try #require(wall.lastMilliseconds)
        #expect(abs(lastMilliseconds - Int64(Date().timeIntervalSince1970 * 1000)) < 60_000)
    }

    @Test func oneEngineServesManyThreadsAndOneDisplayWins() async throws {
        let beckon = try ExampleConfiguration.open()
        let displayed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask { (try? beckon.displayTip("welcome", Clock.at(0)))?.changed ?? false }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(displayed == 1)
        #expect(try beckon.tipStatus("welcome", Clock.at(0)).displayCount == 1)
    }

    /// A locale is one string, as every host takes it; one with no language range is refused.
    @Test(arguments: ["C.UTF-8", "", "de;q=0"])
    func aLocaleWithNoLanguageRangeIsAnInvalidValue(locale: String) throws {
        let beckon = try BeckonEngine(yaml: Self.brightnessYAML, name: "brightness.yaml", storage: .memory)
        #expect(throws: BeckonError.invalidValue("locale: '\(locale)' is not a language tag, an Accept-Language list or a POSIX locale name (such as de-CH; de-CH, fr;q=0.8; or de_CH.UTF-8)")) {
            try beckon.tipStatus("dim-mode", BeckonRequest(subject: "ada", milliseconds: Clock.start, locale: locale))
        }
    }
}
