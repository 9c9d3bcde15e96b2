import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// SEMANTICS §7: what's new, WhatsNewKit's `exact` choice, `catchUp`, fresh installs.
@Suite struct WhatsNewTests {
    static func harness(mode: WhatsNewMode = .exact, freshInstall: FreshInstallPolicy = .show, entries: [String],
                        appVersion: String? = nil) throws -> Harness {
        let list = entries.map { "{version: \($0), title: \"Release \($0)\"}" }.joined(separator: ", ")
        return try Harness("""
            \(appVersion.map { "app: {version: \($0)}" } ?? "")
            whatsNew: {mode: \(mode.rawValue), freshInstall: \(freshInstall.rawValue), entries: [\(list)]}
            """)
    }

    static func versions(_ texts: [String]) -> [Version] { texts.map { Version($0)! } }

    struct ExactCase: Sendable, CustomTestStringConvertible {
        var name: String
        var entries: [String]
        var presented: [String]
        var current: String
        var shown: String?
        var testDescription: String { name }
    }

    static let exactCases: [ExactCase] = [
        // WhatsNewKit's worked cases.
        ExactCase(name: "1.1.1 falls back to 1.1.0", entries: ["1.0.0", "1.1.0"], presented: [], current: "1.1.1", shown: "1.1.0"),
        ExactCase(name: "1.1.0 presented, current 1.1.1: none", entries: ["1.0.0", "1.1.0"], presented: ["1.1.0"], current: "1.1.1", shown: nil),
        ExactCase(name: "1.0.1 presented, current 1.0.2: 1.0.0", entries: ["1.0.0", "1.0.1"], presented: ["1.0.1"], current: "1.0.2", shown: "1.0.0"),
        // The rest of the rule.
        ExactCase(name: "entry for V", entries: ["1.0.0", "1.1.0", "1.1.1"], presented: [], current: "1.1.1", shown: "1.1.1"),
        ExactCase(name: "V presented: none, even with an entry for M", entries: ["1.1.0", "1.1.1"], presented: ["1.1.1"], current: "1.1.1", shown: nil),
        ExactCase(name: "M presented but V has an entry", entries: ["1.1.0", "1.1.1"], presented: ["1.1.0"], current: "1.1.1", shown: "1.1.1"),
        ExactCase(name: "no entry for V or M", entries: ["1.0.0", "1.2.0"], presented: [], current: "1.1.1", shown: nil),
        ExactCase(name: "no entries at all", entries: [], presented: [], current: "1.0.0", shown: nil),
        ExactCase(name: "V is M", entries: ["2.0.0"], presented: [], current: "2.0", shown: "2.0.0"),
        ExactCase(name: "only M of the same minor", entries: ["1.0.0"], presented: [], current: "1.1.0", shown: nil),
        ExactCase(name: "older presented version does not matter", entries: ["1.0.0", "2.0.0"], presented: ["1.0.0"], current: "2.0.0", shown: "2.0.0"),
    ]

    @Test(arguments: exactCases)
    func exact(_ test: ExactCase) throws {
        let harness = try Self.harness(entries: test.entries)
        for version in test.presented { _ = try harness.engine.whatsNewMark(Version(version)!, at(t0)) }
        let decision = try harness.engine.whatsNewNext(at(t0, appVersion: test.current))
        #expect(decision.entries.map(\.version) == Self.versions(test.shown.map { [$0] } ?? []))
        #expect((decision.reason == nil) == (test.shown != nil))
        #expect(decision.version == Version(test.current)!)
    }

    struct CatchUpCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// App versions the subject saw before (each with a `next`), oldest first.
        var seen: [String]
        var presented: [String]
        var current: String
        var shown: [String]
        var testDescription: String { name }
    }

    static let catchUpEntries = ["1.0.0", "1.1.0", "1.2.0", "1.9.0", "1.10.0", "2.0.0", "2.1.0"]

    static let catchUpCases: [CatchUpCase] = [
        CatchUpCase(name: "fresh install sees everything up to V, newest first", seen: [], presented: [], current: "1.10.0",
                    shown: ["1.10.0", "1.9.0", "1.2.0", "1.1.0", "1.0.0"]),
        CatchUpCase(name: "only entries after the last seen version", seen: ["1.1.0"], presented: [], current: "2.0.0",
                    shown: ["2.0.0", "1.10.0", "1.9.0", "1.2.0"]),
        CatchUpCase(name: "the last seen version's own entry is not shown", seen: ["1.2.0"], presented: [], current: "1.9.0", shown: ["1.9.0"]),
        CatchUpCase(name: "presented entries are left out", seen: ["1.1.0"], presented: ["1.2.0", "1.10.0"], current: "2.1.0",
                    shown: ["2.1.0", "2.0.0", "1.9.0"]),
        CatchUpCase(name: "nothing newer than the current version", seen: ["1.0.0"], presented: [], current: "1.2.5", shown: ["1.2.0", "1.1.0"]),
        CatchUpCase(name: "numeric order: 1.10 after 1.9", seen: ["1.9.0"], presented: [], current: "1.10.0", shown: ["1.10.0"]),
        CatchUpCase(name: "last seen is the version before the current one", seen: ["1.0.0", "1.2.0"], presented: [], current: "2.0.0",
                    shown: ["2.0.0", "1.10.0", "1.9.0"]),
        CatchUpCase(name: "asking again at the same version gives the same answer", seen: ["1.1.0", "1.2.0"], presented: [], current: "1.2.0", shown: ["1.2.0"]),
        CatchUpCase(name: "everything presented", seen: ["1.0.0"], presented: ["1.1.0", "1.2.0"], current: "1.2.0", shown: []),
        CatchUpCase(name: "downgrade shows nothing newer than the current", seen: ["2.1.0"], presented: [], current: "1.0.0", shown: []),
    ]

    @Test(arguments: catchUpCases)
    func catchUp(_ test: CatchUpCase) throws {
        let harness = try Self.harness(mode: .catchUp, entries: Self.catchUpEntries)
        for (index, version) in test.seen.enumerated() { _ = try harness.engine.whatsNewNext(at(t0 + Int64(index), appVersion: version)) }
        for version in test.presented { _ = try harness.engine.whatsNewMark(Version(version)!, at(t0)) }
        let decision = try harness.engine.whatsNewNext(at(t0 + 100, appVersion: test.current))
        #expect(decision.entries.map(\.version) == Self.versions(test.shown))
        #expect(decision.isFreshInstall == test.seen.isEmpty)
        #expect((decision.reason == nil) == !test.shown.isEmpty)
    }

    @Test func nextRecordsTheLastSeenVersionAndNothingElse() throws {
        let harness = try Self.harness(entries: ["1.0.0", "1.1.0"])
        let first = try harness.engine.whatsNewNext(at(t0, appVersion: "1.0.0"))
        #expect(first.isFreshInstall)
        #expect(first.entries.map(\.version) == Self.versions(["1.0.0"]))
        #expect(try harness.record().whatsNew == WhatsNewRecord(presented: [], lastSeenAppVersion: Version("1.0.0")))
        // Nothing was presented, so the answer repeats and nothing more is written.
        let before = try harness.stored()
        let again = try harness.engine.whatsNewNext(at(t0 + 1, appVersion: "1.0.0"))
        #expect(!again.isFreshInstall)
        #expect(again.entries.map(\.version) == Self.versions(["1.0.0"]))
        #expect(try harness.stored().version == before.version)
        _ = try harness.engine.whatsNewNext(at(t0 + 2, appVersion: "1.1.0"))
        #expect(try harness.record().whatsNew == WhatsNewRecord(presented: [], lastSeenAppVersion: Version("1.1.0"), previousAppVersion: Version("1.0.0")))
    }

    @Test func presentIsNextAndMarkTogether() throws {
        let harness = try Self.harness(entries: ["1.0.0", "1.1.0"])
        let presented = try harness.engine.whatsNewPresent(at(t0, appVersion: "1.1.4"))
        #expect(presented.entries.map(\.version) == Self.versions(["1.1.0"]))
        // The entry's version is marked (as WhatsNewKit does), not the app's.
        #expect(presented.presented == Self.versions(["1.1.0"]))
        #expect(try harness.record().whatsNew == WhatsNewRecord(presented: [Version("1.1.0")!], lastSeenAppVersion: Version("1.1.4")))
        let again = try harness.engine.whatsNewPresent(at(t0 + 1, appVersion: "1.1.4"))
        #expect(again.entries.isEmpty)
        #expect(again.reason != nil)
        #expect(try harness.engine.whatsNewNext(at(t0 + 2, appVersion: "1.1.5")).entries.isEmpty)
    }

    @Test func presentInCatchUpMarksEveryEntryShown() throws {
        let harness = try Self.harness(mode: .catchUp, entries: ["1.0.0", "1.1.0", "1.2.0"])
        _ = try harness.engine.whatsNewNext(at(t0, appVersion: "1.0.0"))
        let presented = try harness.engine.whatsNewPresent(at(t0 + 1, appVersion: "1.2.0"))
        #expect(presented.entries.map(\.version) == Self.versions(["1.2.0", "1.1.0"]))
        #expect(presented.presented == Self.versions(["1.1.0", "1.2.0"]))
        #expect(try harness.engine.whatsNewNext(at(t0 + 2, appVersion: "1.2.0")).entries.isEmpty)
    }

    @Test func markAndUnmark() throws {
        let harness = try Self.harness(entries: ["1.0.0", "1.1.0"])
        #expect(try harness.engine.whatsNewMark(Version("1.1.0")!, at(t0)) == Self.versions(["1.1.0"]))
        #expect(try harness.engine.whatsNewMark(Version("1.0.0")!, at(t0)) == Self.versions(["1.0.0", "1.1.0"]))
        #expect(try harness.engine.whatsNewNext(at(t0, appVersion: "1.1.0")).entries.isEmpty)
        #expect(try harness.engine.whatsNewUnmark(Version("1.1.0")!, at(t0)) == Self.versions(["1.0.0"]))
        #expect(try harness.engine.whatsNewNext(at(t0, appVersion: "1.1.0")).entries.map(\.version) == Self.versions(["1.1.0"]))
        // Unmarking a version that was never marked changes nothing.
        #expect(try harness.engine.whatsNewUnmark(Version("9.0.0")!, at(t0)) == Self.versions(["1.0.0"]))
        _ = try harness.engine.whatsNewMark(Version("1.1.0")!, at(t0))
        #expect(try harness.engine.whatsNewUnmark(nil, at(t0)) == [])
        #expect(try harness.record().whatsNew.presented.isEmpty)
        #expect(try harness.engine.whatsNewNext(at(t0, appVersion: "1.0.0")).entries.map(\.version) == Self.versions(["1.0.0"]))
    }

    @Test(arguments: [WhatsNewMode.exact, .catchUp])
    func freshInstallShow(mode: WhatsNewMode) throws {
        let harness = try Self.harness(mode: mode, freshInstall: .show, entries: ["1.0.0", "1.1.0"])
        let decision = try harness.engine.whatsNewNext(at(t0, appVersion: "1.1.0"))
        #expect(decision.isFreshInstall)
        #expect(decision.entries.map(\.version) == Self.versions(mode == .exact ? ["1.1.0"] : ["1.1.0", "1.0.0"]))
    }

    @Test(arguments: [WhatsNewMode.exact, .catchUp])
    func freshInstallSkip(mode: WhatsNewMode) throws {
        let harness = try Self.harness(mode: mode, freshInstall: .skip, entries: ["1.0.0", "1.1.0", "1.2.0"])
        let install = try harness.engine.whatsNewNext(at(t0, appVersion: "1.1.0"))
        #expect(install.isFreshInstall)
        #expect(install.entries.isEmpty)
        #expect(install.reason != nil)
        // The current version is recorded as seen and presented.
        #expect(try harness.record().whatsNew == WhatsNewRecord(presented: [Version("1.1.0")!], lastSeenAppVersion: Version("1.1.0"),
                                                                previousAppVersion: Version("1.1.0")))
        #expect(try harness.engine.whatsNewNext(at(t0 + 1, appVersion: "1.1.0")).entries.isEmpty)
        // An update shows what is new since the install, never older entries.
        let update = try harness.engine.whatsNewNext(at(t0 + 2, appVersion: "1.2.0"))
        #expect(!update.isFreshInstall)
        #expect(update.entries.map(\.version) == Self.versions(["1.2.0"]))
    }

    @Test func freshInstallSkipPresentMarksOnlyTheCurrentVersion() throws {
        let harness = try Self.harness(freshInstall: .skip, entries: ["1.0.0", "1.1.0"])
        let install = try harness.engine.whatsNewPresent(at(t0, appVersion: "1.1.3"))
        #expect(install.entries.isEmpty)
        #expect(install.presented == Self.versions(["1.1.3"]))
        // exact: 1.1.3 is presented, so its fallback 1.1.0 is never shown for it.
        #expect(try harness.engine.whatsNewNext(at(t0 + 1, appVersion: "1.1.3")).entries.isEmpty)
    }

    @Test func appVersionComesFromTheRequestOrTheConfiguration() throws {
        let configured = try Self.harness(entries: ["1.0.0", "2.0.0"], appVersion: "1.0.0")
        #expect(try configured.engine.whatsNewNext(at(t0)).version == Version("1.0.0"))
        #expect(try configured.engine.whatsNewNext(at(t0, appVersion: "2.0.0")).entries.map(\.version) == Self.versions(["2.0.0"]))
        let unversioned = try Self.harness(entries: ["1.0.0"])
        for operation in [{ try unversioned.engine.whatsNewNext(at(t0)) }, { try unversioned.engine.whatsNewPresent(at(t0)) }] as [() throws -> Engine.WhatsNewDecision] {
            #expect(engineError(operation)?.isNotApplicable == true)
        }
        #expect(try unversioned.stored().version == 0)
    }

    @Test func malformedVersionsAreErrorsWithTheirPosition() {
        let errors = loadErrors("""
            whatsNew:
              entries:
                - {version: 1.x, title: Bad}
                - {version: "1.2.3-beta", title: Bad}
            """)
        #expect(errors.map(\.code) == ["config.version", "config.version"])
        #expect(errors.map(\.span.start.line) == [4, 5])
        #expect(errors.first?.span.start.column == 17)
    }
}
