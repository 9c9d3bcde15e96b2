import Beckon
import Foundation
import Testing
import BeckonTestSupport

/// Users' data through the Swift library: list, export, import, erase, expire and copy, on the
/// memory store and a SQLite file, with every subject's answers compared before and after.
@Suite("Beckon library: users' data")
struct UsersDataTests {
    static let configuration = """
        version: 1
        store: {backend: sqlite, path: state/beckon.db, expireSubjectsAfter: 400d}
        parameters:
          level: {type: int, default: 0}
        events:
          opened:
            info: {screen: string}
          saved: {}
        tips:
          welcome: {title: Welcome, rules: ["events.opened.count >= 2"]}
          saver: {title: Save, rules: ["events.saved.count >= 1", "params.level > 1"]}
        groups:
          onboarding: {priority: ordered, tips: [welcome, saver]}
        scenarios:
          tour:
            minEventsRequired: 2
            maxExecutionsPermitted: 1
        """
    static let subjects = ["ada", "bob", "cy", "dé"]

    /// An engine on the configuration above named `beckon.yaml` in `folder` (answers name it):
    /// in memory, or on a SQLite file there.
    static func engine(_ storage: BeckonEngine.Storage, yaml: String = configuration, in folder: URL? = nil) throws -> BeckonEngine {
        let folder = try folder ?? Self.folder()
        return try BeckonEngine(yaml: yaml, name: folder.appendingPathComponent("beckon.yaml").path, storage: storage)
    }

    /// A folder of its own.
    static func folder() throws -> URL {
        let folder = try TestRunFolder.newFolder("users-data")
        return folder
    }

    /// Each subject of `subjects` with a history of its own (subject `i` does `i + 1` of each).
    static func record(_ engine: BeckonEngine) throws {
        for (index, subject) in subjects.enumerated() {
            for step in 0...index {
                let request = Clock.at(Int64(step) * Clock.hour, subject: subject)
                try engine.donate("opened", info: ["screen": .string("home-\(step)")], request)
                try engine.setParameter("level", to: .int(Int64(step)), request)
                if index % 2 == 0 { try engine.donate("saved", request) }
                try engine.displayTip("welcome", request)
                try engine.triggerScenario("tour", request)
                _ = try engine.tryScenario("tour", request)
            }
        }
    }

    /// Every subject's answers at one instant.
    static func answers(_ engine: BeckonEngine) throws -> [StatusOverview] {
        try subjects.map { subject throws(BeckonError) in try engine.status(Clock.at(Clock.day, subject: subject)) }
    }

    /// Every stored subject's line, in list order.
    static func export(_ engine: BeckonEngine) throws -> [String] {
        var lines: [String] = []
        try engine.exportSubjects { lines.append($0) }
        return lines
    }

    @Test(arguments: [BeckonEngine.Storage.memory, .configured])
    func exportEraseAndImportGiveBackTheSameBytesAndAnswers(storage: BeckonEngine.Storage) throws {
        let engine = try Self.engine(storage)
        try Self.record(engine)
        let answers = try Self.answers(engine)
        let lines = try Self.export(engine)
        #expect(lines.count == Self.subjects.count)
        #expect(lines.allSatisfy { $0.hasSuffix("}\n") })
        #expect(try engine.exportSubject("bob") == lines[1])

        for subject in Self.subjects { #expect(try engine.eraseSubject(subject)) }
        #expect(try engine.subjects().subjects.isEmpty)
        // They were recorded: an erasure that left their answers would be no erasure.
        #expect(try Self.answers(engine) != answers)

        let summary = try engine.importSubjects(lines.joined())
        #expect(summary == BeckonImportSummary(imported: Self.subjects.count, unchanged: 0, replaced: 0, refused: [], skipped: []))
        #expect(try Self.export(engine) == lines)
        #expect(try Self.answers(engine) == answers)
        // The same text twice changes nothing.
        #expect(try engine.importSubjects(lines.joined()).unchanged == Self.subjects.count)
    }

    @Test func subjectsArePagedInTheByteOrderOfTheirIds() throws {
        let engine = try Self.engine(.memory)
        try Self.record(engine)
        let first = try engine.subjects(limit: 3)
        #expect(first.subjects.map(\.subject) == ["ada", "bob", "cy"])
        #expect(first.next == "cy")
        let last = try engine.subjects(after: first.next, limit: 3)
        #expect(last.subjects.map(\.subject) == ["dé"])
        #expect(last.next == nil)
        #expect(throws: BeckonError.invalidValue("limit must be from 1 to 100000, not 0")) { try engine.subjects(limit: 0) }
    }

    @Test func erasingOneSubjectLeavesTheOthersAsTheyWere() throws {
        let engine = try Self.engine(.configured)
        try Self.record(engine)
        let lines = try Self.export(engine)
        #expect(try engine.eraseSubject("bob"))
        #expect(try !engine.eraseSubject("bob"))
        #expect(try engine.exportSubject("bob") == nil)
        #expect(try Self.export(engine) == lines.enumerated().filter { $0.offset != 1 }.map(\.element))
        #expect(try engine.exportSubjects(["ada", "bob"]) { _ in } == ["bob"])
    }

    @Test func aBadOrConflictingImportWritesNothing() throws {
        let engine = try Self.engine(.memory)
        try Self.record(engine)
        let lines = try Self.export(engine)
        let other = try Self.engine(.memory)

        // The second line names an event the configuration does not declare.
        let bad = lines[0] + lines[1].replacingOccurrences(of: "\"opened\"", with: "\"closed\"")
        #expect {
            try other.importSubjects(bad)
        } throws: { error in
            guard case .invalidValue(let message) = error as? BeckonError else { return false }
            return message.contains("line 2: ") && message.contains("closed")
        }
        #expect(try other.subjects().subjects.isEmpty)
        #expect(try other.importSubjects(bad, skipBad: true).skipped.map(\.line) == [2])

        // Bob's data as ada's: refused unless replaced.
        let conflicting = lines[1].replacingOccurrences(of: "\"subject\":\"bob\"", with: "\"subject\":\"ada\"")
        #expect {
            try engine.importSubjects(conflicting)
        } throws: { error in
            guard case .notApplicable(let message) = error as? BeckonError else { return false }
            return message.contains("'ada'")
        }
        #expect(try engine.exportSubject("ada") == lines[0])
        #expect(try engine.importSubjects(conflicting, replace: true).replaced == 1)
        #expect(try engine.status(Clock.at(Clock.day, subject: "ada")).tips == (try Self.answers(engine))[1].tips)
    }

    @Test func copyingToAnotherEngineKeepsEveryAnswer() throws {
        // One folder: a reason names the configuration's file.
        let folder = try Self.folder()
        let source = try Self.engine(.memory, in: folder)
        try Self.record(source)
        let target = try Self.engine(.configured, in: folder)
        let summary = try source.copySubjects(to: target)
        #expect(summary == BeckonCopySummary(copied: Self.subjects.count, unchanged: 0, refused: [], refusedCount: 0,
                                             checked: Self.subjects.count, mismatches: [], mismatchCount: 0))
        #expect(try Self.answers(target) == (try Self.answers(source)))
        #expect(try Self.export(target) == (try Self.export(source)))
        // A rerun resumes: nothing left to copy.
        #expect(try source.copySubjects(to: target).unchanged == Self.subjects.count)
    }

    /// Two engines on one SQLite file are one store, which is not copied into itself.
    @Test func copyingIntoTheSameStoreIsNotApplicable() throws {
        let folder = try Self.folder()
        let first = try Self.engine(.configured, in: folder)
        let second = try Self.engine(.configured, in: folder)
        #expect(throws: BeckonError.notApplicable("the other engine's configuration names this configuration's own store (the SQLite file \(folder.path)/state/beckon.db); a store is not copied into itself")) {
            try first.copySubjects(to: second)
        }
        // A memory store given in place of the configuration's is only ever itself.
        let inMemory = try Self.engine(.memory, in: folder)
        #expect(throws: Never.self) { try inMemory.copySubjects(to: second) }
        #expect(throws: BeckonError.notApplicable("the other engine's configuration names this configuration's own store (its memory store); a store is not copied into itself")) {
            try inMemory.copySubjects(to: inMemory)
        }
    }

    @Test func expiryErasesSubjectsInactiveForTheConfiguredTime() throws {
        let engine = try Self.engine(.memory)
        try Self.record(engine)
        // Stores record activity by the host's clock (the wall clock here), not by the request's instant.
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(try engine.expireSubjects(at: now) == BeckonExpirySummary(listed: 4, expired: [], erased: 0, dryRun: false))
        let later = now + 401 * Clock.day
        #expect(try engine.expireSubjects(dryRun: true, at: later)
            == BeckonExpirySummary(listed: 4, expired: Self.subjects, erased: 0, dryRun: true))
        #expect(try engine.subjects().subjects.count == 4)
        #expect(try engine.expireSubjects(at: later).erased == 4)
        #expect(try engine.subjects().subjects.isEmpty)

        let unset = try Self.engine(.memory, yaml: Self.configuration.replacingOccurrences(of: ", expireSubjectsAfter: 400d", with: ""))
        #expect(throws: BeckonError.notApplicable("the configuration sets no store.expireSubjectsAfter: nothing expires")) {
            try unset.expireSubjects()
        }
    }
}
