import BeckonTestSupport
import Foundation
import Testing

/// The deciding commands on the example configuration with the SQLite store, one process per
/// call as a host would run them: answers, exit codes and the state kept between calls.
@Suite("beckon decisions")
struct DecisionCommandsTests {
    /// A copy of the example configuration in a temporary folder, so its store is fresh (its
    /// plugin folder is linked, not copied).
    static func exampleFolder() throws -> URL {
        let folder = try BeckonProcess.temporaryFolder()
        for file in ["example.yaml", "example-tips.yaml"] {
            try FileManager.default.copyItem(at: Repository.url("Config/\(file)"),
                                             to: folder.appendingPathComponent(file))
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("plugins"),
                                                   withDestinationURL: Repository.url("Config/plugins"))
        return folder
    }

    /// Runs `beckon ARGUMENTS --config example.yaml --subject ada --now NOW` in `folder`.
    static func beckon(_ folder: URL, _ now: String, _ arguments: String...) throws -> ProcessResult {
        try BeckonProcess.run(arguments + ["--config", "example.yaml", "--subject", "ada", "--now", now], in: folder)
    }

    @Test func aSessionKeepsStateBetweenProcesses() throws {
        let folder = try Self.exampleFolder()
        let displayed = try Self.beckon(folder, "2026-03-01T09:00:00Z", "tip", "display", "welcome")
        #expect(displayed.status == 0)
        #expect(displayed.standardOutput == "tip.display welcome → displayed (1 of 1); invalidated (displayCountExceeded)\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("state/beckon.db").path))

        let invalidated = try Self.beckon(folder, "2026-03-01T09:00:01Z", "tip", "status", "welcome")
        #expect(invalidated.status == 1)
        #expect(invalidated.standardOutput == "tip.status welcome → invalidated (displayCountExceeded)\n")

        #expect(try Self.beckon(folder, "2026-03-01T09:00:02Z", "param", "set", "isLoggedIn", "true").status == 0)
        let parameter = try Self.beckon(folder, "2026-03-01T09:00:03Z", "param", "get", "isLoggedIn")
        #expect(parameter.standardOutput == "isLoggedIn = true\n")
        for minute in ["10", "20", "30"] {
            let donated = try Self.beckon(folder, "2026-03-01T09:\(minute):00Z", "event", "donate", "landmarkViewed", "--info", "landmark=Eiffel")
            #expect(donated.status == 0)
        }
        let coolingDown = try Self.beckon(folder, "2026-03-01T09:31:00Z", "tip", "status", "favorite-landmark")
        #expect(coolingDown.status == 1)
        #expect(coolingDown.standardOutput.contains("pending (another tip was shown recently; new tips wait 23h29m more"))

        let explained = try Self.beckon(folder, "2026-03-02T09:31:00Z", "explain", "tip", "favorite-landmark")
        #expect(explained.status == 0)
        #expect(explained.standardOutput.contains("· events.landmarkViewed.within(7d).count  = 3"))
        let shown = try Self.beckon(folder, "2026-03-02T09:31:05Z", "tip", "display", "favorite-landmark", "--json")
        let answer = try Self.json(shown)
        #expect(shown.status == 0)
        #expect(answer["displayed"] as? Bool == true)
        #expect(answer["displayCount"] as? Int == 1)
        #expect(answer["subject"] as? String == "ada")
        #expect(answer["id"] as? String == "favorite-landmark")
        #expect(answer["op"] as? String == "tip.display")
        #expect(answer["now"] as? String == "2026-03-02T09:31:05Z")
    }

    @Test func scenarioTryRunsOnlyWhenEveryCheckPasses() throws {
        let folder = try Self.exampleFolder()
        for day in ["02", "03", "04", "05", "06"] {
            #expect(try Self.beckon(folder, "2026-03-\(day)T12:00:00Z", "scenario", "trigger", "ask-for-review").status == 0)
        }
        let early = try Self.beckon(folder, "2026-03-09T12:00:00Z", "scenario", "try", "ask-for-review", "--json")
        #expect(early.status == 1)
        let failed = try Self.json(early)
        #expect(failed["executed"] as? Bool == false)
        let checks = try #require(failed["checks"] as? [[String: Any]])
        #expect(checks.filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String } == ["minTimeSinceFirstEvent"])
        let executed = try Self.beckon(folder, "2026-03-09T12:00:01Z", "scenario", "try", "ask-for-review")
        #expect(executed.status == 0)
        #expect(executed.standardOutput == "scenario.try ask-for-review → executed (5 events, 1 execution)\n")
        let status = try Self.beckon(folder, "2026-03-09T12:00:02Z", "scenario", "status", "ask-for-review")
        #expect(status.status == 1)
        #expect(status.standardOutput.contains("✗ minTimeBetweenExecutions"))
    }

    @Test func whatsNewIsPresentedOnce() throws {
        let folder = try Self.exampleFolder()
        let first = try Self.beckon(folder, "2026-03-01T09:00:00Z", "whatsnew", "present", "--json")
        #expect(first.status == 0)
        let entries = try #require(try Self.json(first)["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["version"] as? String } == ["2.3.0"])
        let second = try Self.beckon(folder, "2026-03-01T09:01:00Z", "whatsnew", "present")
        #expect(second.status == 1)
        #expect(second.standardOutput == "whatsNew.present for 2.3.1 → nothing (2.3.0 was already presented)\n")
        #expect(try Self.beckon(folder, "2026-03-01T09:02:00Z", "whatsnew", "unmark", "--all").status == 0)
        let newer = try Self.beckon(folder, "2026-03-01T09:03:00Z", "whatsnew", "next", "--app-version", "2.2.5")
        #expect(newer.standardOutput == "whatsNew.next for 2.2.5 → 2.2.0 \"Landmarks 2.2\"\n")
    }

    @Test func subjectsAreIndependentAndResetClearsOne() throws {
        let folder = try Self.exampleFolder()
        #expect(try Self.beckon(folder, "2026-03-01T09:00:00Z", "param", "set", "plan", "pro").status == 0)
        let other = try BeckonProcess.run(["param", "get", "plan", "--config", "example.yaml", "--subject", "bo"], in: folder)
        #expect(other.standardOutput == "plan = \"free\"\n")
        #expect(try Self.beckon(folder, "2026-03-01T09:00:01Z", "reset", "--all").status == 0)
        #expect(try Self.beckon(folder, "2026-03-01T09:00:02Z", "param", "get", "plan").standardOutput == "plan = \"free\"\n")
    }

    @Test func statusListsEverythingAndRecordsNothing() throws {
        let folder = try Self.exampleFolder()
        let status = try Self.beckon(folder, "2026-03-01T09:00:00Z", "status", "--json")
        #expect(status.status == 0)
        let overview = try Self.json(status)
        #expect((overview["tips"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["welcome", "favorite-landmark", "offline-maps", "search-filters"])
        #expect((overview["groups"] as? [[String: Any]])?.compactMap { $0["current"] as? String } == ["welcome"])
        #expect((overview["whatsNew"] as? [String: Any])?["freshInstall"] as? Bool == true)
        // Still a fresh install: status recorded nothing.
        let again = try Self.json(try Self.beckon(folder, "2026-03-01T09:00:01Z", "status", "--json"))
        #expect((again["whatsNew"] as? [String: Any])?["freshInstall"] as? Bool == true)
    }

    /// Bad input: the message names what and where, the exit code is 65 (64 for usage), and
    /// nothing is written.
    @Test(arguments: [
        (["tip", "status", "welcom"], 65, "beckon: error: tip 'welcom' is not declared in the configuration; did you mean 'welcome'?\n"),
        (["event", "donate", "appLaunch"], 65, "beckon: error: event 'appLaunch' is not declared in the configuration; did you mean 'appLaunched'?\n"),
        (["param", "set", "isLogedIn", "true"], 65, "beckon: error: parameter 'isLogedIn' is not declared in the configuration; did you mean 'isLoggedIn'?\n"),
        (["scenario", "try", "ask-for-reviw"], 65, "beckon: error: scenario 'ask-for-reviw' is not declared in the configuration; did you mean 'ask-for-review'?\n"),
        (["group", "current", "onboardin"], 65, "beckon: error: group 'onboardin' is not declared in the configuration; did you mean 'onboarding'?\n"),
        (["param", "set", "favoritesCount", "many"], 65, "beckon: error: parameter 'favoritesCount' is int: 'many' is not an int\n"),
        (["param", "set", "screenBrightness", "0.5"], 65, "beckon: error: parameter 'screenBrightness' is transient: it is never stored; pass it with each request\n"),
        (["event", "donate", "landmarkViewed", "--info", "landmarc=x"], 65, "beckon: error: event 'landmarkViewed' declares no info field 'landmarc'; did you mean 'landmark'?\n"),
        (["event", "donate", "purchaseCompleted", "--info", "amountCents=ten"], 65, "beckon: error: info field 'amountCents' of event 'purchaseCompleted' is int: 'ten' is not an int\n"),
        (["scenario", "trigger", "offer-subscription"], 65, "beckon: error: scenario 'offer-subscription' counts the event 'appLaunched'; donate that event instead of triggering the scenario\n"),
        (["tip", "shown", "welcome", "--for", "5 minutes"], 65, "beckon: error: --for: '5 minutes' is not a duration: write a duration without spaces, e.g. 90d or 1d12h\n"),
        (["tip", "shown", "welcome", "--for", "-5s"], 65, "beckon: error: --for: '-5s' is not a duration: a duration cannot be negative\n"),
        (["whatsnew", "mark", "v2"], 65, "beckon: error: 'v2' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0\n"),
    ])
    func badInputIsRefusedAndWritesNothing(arguments: [String], status: Int32, message: String) throws {
        let folder = try Self.exampleFolder()
        let result = try BeckonProcess.run(arguments + ["--config", "example.yaml", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(result.status == status)
        #expect(result.standardError == message)
        #expect(result.standardOutput == "")
        let state = try Self.json(try BeckonProcess.run(["status", "--json", "--config", "example.yaml", "--now", "2026-03-01T09:00:00Z"], in: folder))
        let counts = (state["tips"] as? [[String: Any]])?.compactMap { $0["displayCount"] as? Int }
        #expect(counts == [0, 0, 0, 0])
    }

    @Test(arguments: ["yesterday", "2026-02-30T10:00:00Z", "2026-03-01 25:00", ""])
    func malformedNowExits65(now: String) throws {
        let folder = try Self.exampleFolder()
        let result = try BeckonProcess.run(["tip", "status", "welcome", "--config", "example.yaml", "--now", now], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == "beckon: error: --now '\(now)' is not an instant; use ISO-8601 such as 2026-03-01T09:30:00Z, or Unix milliseconds\n")
    }

    @Test func nowAcceptsUnixMilliseconds() throws {
        let folder = try Self.exampleFolder()
        let result = try BeckonProcess.run(["tip", "status", "welcome", "--config", "example.yaml", "--now", "1772355600000", "--json"], in: folder)
        #expect(try Self.json(result)["now"] as? String == "2026-03-01T09:00:00Z")
    }

    @Test(arguments: [["reset"], ["whatsnew", "unmark"], ["whatsnew", "unmark", "2.3.0", "--all"], ["tip", "invalidate", "welcome", "--reason", "bored"]])
    func usageErrorsExit64(arguments: [String]) throws {
        let folder = try Self.exampleFolder()
        let result = try BeckonProcess.run(arguments + ["--config", "example.yaml"], in: folder)
        #expect(result.status == 64)
    }

    static func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }
}
