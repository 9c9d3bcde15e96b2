import BeckonTestSupport
import Foundation
import Testing

/// What a host needs to act on an answer, through the CLI on the example configuration: the
/// tip's content in every answer naming a tip, transient parameters and testing overrides
/// passed with one request (and never kept), and `status` restricted to some tips.
@Suite("beckon: content, transient parameters, testing overrides")
struct HostContextCommandTests {
    static let now = "2026-03-01T09:00:00Z"

    /// `beckon ARGUMENTS --json` as ada on a fresh copy of the example; the answer's object.
    static func answer(_ folder: URL, _ arguments: [String]) throws -> (status: Int32, object: [String: Any], error: String) {
        let result = try BeckonProcess.run(arguments + ["--json", "--config", "example.yaml", "--subject", "ada", "--now", now], in: folder)
        // A refused request prints nothing on standard output: no object.
        let object = (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) as? [String: Any]
        return (result.status, object ?? [:], result.standardError)
    }

    /// The content members of an answer, as JSON text with sorted keys.
    static func content(_ object: [String: Any]) throws -> String {
        let members = object.filter { ["title", "message", "image", "actions"].contains($0.key) }
        return String(decoding: try JSONSerialization.data(withJSONObject: members, options: [.sortedKeys]), as: UTF8.self)
    }

    // MARK: Content

    static let contents: [(tip: String, content: String)] = [
        ("welcome", #"{"image":"hand.wave","message":"Browse famous places near you.","title":"Welcome to Landmarks"}"#),
        ("favorite-landmark", #"{"actions":[{"id":"learn-more","title":"Learn more"},{"id":"dismiss","title":"Not now"}],"image":"star.fill","message":"Tap the star to keep this landmark.","title":"Save as favorite"}"#),
        ("search-filters", #"{"message":"Narrow results by category and distance.","title":"Filter your search"}"#),
    ]

    @Test(arguments: contents)
    func everyTipAnswerCarriesTheContentWithAbsentMembersOmitted(tip: String, content: String) throws {
        let folder = try DecisionCommandsTests.exampleFolder()
        for command in [["tip", "status"], ["explain", "tip"], ["tip", "display"], ["tip", "reset"]] {
            let answer = try Self.answer(folder, command + [tip])
            #expect(try Self.content(answer.object) == content, "\(command)")
        }
        let status = try Self.answer(folder, ["status"])
        let listed = try #require((status.object["tips"] as? [[String: Any]])?.first { $0["id"] as? String == tip })
        #expect(try Self.content(listed) == content)
    }

    @Test func aGroupAnswerCarriesItsCurrentTipsContentAndNoneWithoutOne() throws {
        let folder = try DecisionCommandsTests.exampleFolder()
        let onboarding = try Self.answer(folder, ["group", "current", "onboarding"])
        #expect(onboarding.object["current"] as? String == "welcome")
        #expect(onboarding.object["title"] as? String == "Welcome to Landmarks")
        #expect(onboarding.object["image"] as? String == "hand.wave")
        let discovery = try Self.answer(folder, ["group", "current", "discovery"])
        #expect(discovery.status == 1)
        #expect(discovery.object["current"] is NSNull)
        #expect(try Self.content(discovery.object) == "{}")
    }

    // MARK: Transient parameters

    /// A copy of the example where ada launched the app 3 times, so offline-maps' stored rules pass.
    static func launchedThreeTimes() throws -> URL {
        let folder = try DecisionCommandsTests.exampleFolder()
        for _ in 0..<3 { #expect(try answer(folder, ["event", "donate", "appLaunched"]).status == 0) }
        return folder
    }

    @Test func aTransientParameterDecidesThisRequestOnlyAndIsNeverKept() throws {
        let folder = try Self.launchedThreeTimes()
        let offline = try Self.answer(folder, ["tip", "status", "offline-maps", "--transient", "connection=none"])
        #expect(offline.status == 1)
        #expect(offline.object["reasonCode"] as? String == "rule")
        #expect((offline.object["reason"] as? String)?.contains(#"params.connection != "none""#) == true)
        // Not displayed: the rule fails for this request...
        let display = try Self.answer(folder, ["tip", "display", "offline-maps", "--transient", "connection=none"])
        #expect(display.object["displayed"] as? Bool == false)
        // ...and the next request without it sees the default again.
        let online = try Self.answer(folder, ["tip", "status", "offline-maps"])
        #expect(online.status == 0)
        #expect(online.object["status"] as? String == "available")
        #expect(try Self.answer(folder, ["tip", "status", "offline-maps", "--transient", "connection=cellular"]).status == 0)
        // `null` is the default, as in `param set`.
        #expect(try Self.answer(folder, ["tip", "status", "offline-maps", "--transient", "connection=null"]).status == 0)
        // The overview sees it too.
        let status = try Self.answer(folder, ["status", "--tip", "offline-maps", "--transient", "connection=none"])
        #expect((status.object["tips"] as? [[String: Any]])?.first?["status"] as? String == "pending")
    }

    static let refusals: [(arguments: [String], message: String)] = [
        (["--transient", "conection=none"], "transient parameter 'conection' is not declared in the configuration; did you mean 'connection'?"),
        (["--transient", "plan=pro"], "parameter 'plan' is stored, not transient (set it with 'param set'); the transient parameters are screenBrightness, connection"),
        (["--transient", "screenBrightness=bright"], "transient parameter 'screenBrightness' is double: 'bright' is not a double"),
        (["--transient", "connection"], "--transient 'connection' must be NAME=VALUE"),
        (["--transient", "connection=none", "--transient", "connection=wifi"], "transient parameter 'connection' is given twice"),
        (["--show-tip", "welcom"], "tip 'welcom' is not declared in the configuration; did you mean 'welcome'?"),
        (["--hide-tip", "offline-map"], "tip 'offline-map' is not declared in the configuration; did you mean 'offline-maps'?"),
    ]

    @Test(arguments: refusals)
    func aWrongRequestIsExit65WithNothingRecorded(arguments: [String], message: String) throws {
        let folder = try DecisionCommandsTests.exampleFolder()
        let refused = try Self.answer(folder, ["tip", "display", "welcome"] + arguments)
        #expect(refused.status == 65)
        #expect(refused.error == "beckon: error: \(message)\n")
        #expect(refused.object.isEmpty)
        #expect(try Self.answer(folder, ["tip", "status", "welcome"]).object["displayCount"] as? Int == 0)
    }

    // MARK: Testing overrides

    static let overrides: [(arguments: [String], tip: String, status: String, reasonCode: String)] = [
        (["--show-tip", "favorite-landmark"], "favorite-landmark", "available", "testingShow"),
        (["--hide-tip", "welcome"], "welcome", "pending", "testingHide"),
        (["--show-all-tips"], "favorite-landmark", "available", "testingShow"),
        (["--hide-all-tips"], "welcome", "pending", "testingHide"),
        (["--show-tip", "welcome", "--hide-all-tips"], "welcome", "available", "testingShow"),
        (["--hide-tip", "welcome", "--show-all-tips"], "welcome", "pending", "testingHide"),
        (["--show-tip", "welcome", "--hide-tip", "welcome"], "welcome", "available", "testingShow"),
        ([], "favorite-landmark", "pending", "rule"),
    ]

    @Test(arguments: overrides)
    func testingFlagsOverrideTheStatusForOneRequest(arguments: [String], tip: String, status: String, reasonCode: String) throws {
        let folder = try DecisionCommandsTests.exampleFolder()
        let answer = try Self.answer(folder, ["tip", "status", tip] + arguments)
        #expect(answer.object["status"] as? String == status)
        #expect(answer.object["reasonCode"] as? String == reasonCode)
        #expect(answer.status == (status == "available" ? 0 : 1))
    }

    /// The flags merge with the configuration's `testing:` in the order `Docs/cli.md` gives: a tip in either
    /// `show` list, then either `hide` list, then either `showAll`, then either `hideAll`.
    static let merges: [(testing: String, arguments: [String], status: String)] = [
        ("{hide: [welcome]}", ["--show-tip", "welcome"], "available"),
        ("{show: [welcome]}", ["--hide-tip", "welcome"], "available"),
        ("{showAll: true}", ["--hide-tip", "welcome"], "pending"),
        ("{hideAll: true}", ["--show-all-tips"], "available"),
        ("{hideAll: true}", [], "pending"),
    ]

    @Test(arguments: merges)
    func testingFlagsMergeWithTheConfiguration(testing: String, arguments: [String], status: String) throws {
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: memory}
            tips:
              welcome: {title: Welcome}
            testing: \(testing)
            """)
        let result = try BeckonProcess.run(["tip", "status", "welcome", "--json", "--now", Self.now] + arguments, in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["status"] as? String == status, "\(result.standardError)")
    }

    // MARK: Status restricted to some tips

    @Test func statusListsTheTipsAskedForInTheirOrderAndRefusesAnUndeclaredOne() throws {
        let folder = try DecisionCommandsTests.exampleFolder()
        let some = try Self.answer(folder, ["status", "--tip", "search-filters", "--tip", "welcome", "--tip", "search-filters"])
        #expect(some.status == 0)
        #expect((some.object["tips"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["search-filters", "welcome"])
        #expect((some.object["groups"] as? [Any])?.count == 2)
        #expect((some.object["scenarios"] as? [Any])?.count == 3)
        let wrong = try Self.answer(folder, ["status", "--tip", "welcom"])
        #expect(wrong.status == 65)
        #expect(wrong.error == "beckon: error: tip 'welcom' is not declared in the configuration; did you mean 'welcome'?\n")
    }
}
