@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonTestSupport
import Testing

/// The host's side of ABI 1.3 (`PluginStore+SubjectData`) against a C store answering from fixed
/// data (Fixtures/v1_3/subject_data.c): what it sends (cursors, bounds, a restore's version and
/// retention) and what it refuses of a store's answers. Loads plugins into this process.
@Suite("plugin stores' subject data (ABI 1.3)")
struct SubjectDataAdapterTests {
    static func build(_ variant: String = "", defines: [String] = []) throws -> String {
        try CPluginBuilder.build("subject-data\(variant)", sources: ["Tests/BeckonPluginHostTests/Fixtures/v1_3/subject_data.c"], defines: defines)
    }

    static func open(_ mode: String) throws -> any Store {
        let (host, diagnostics) = PluginHost.load([PluginRuleHarness.declaration(try build())])
        try #require(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return try host.openStore(namespace: "subjects", name: "fixed", options: .string(mode))
    }

    @Test("subjects come back with their last activity; the cursor is sent as given, NULL only for none")
    func listing() throws {
        let store = try Self.open("good")
        let all = [StoredSubject(subject: "a", lastActive: 100), StoredSubject(subject: "b", lastActive: 200), StoredSubject(subject: "é", lastActive: 300)]
        #expect(try store.subjects(after: nil, limit: 10) == all)
        #expect(try store.subjects(after: "a", limit: 1) == [all[1]])
        #expect(try store.subjects(after: "é", limit: 10) == [])
        #expect(try store.subjects(after: nil, limit: 0) == [])
        let cursors = try Self.open("cursor")
        #expect(try cursors.subjects(after: nil, limit: 1).map(\.subject) == ["null"])
        #expect(try cursors.subjects(after: "", limit: 1).map(\.subject) == ["after:"], "the empty id is a cursor, not NULL")
        #expect(try cursors.subjects(after: "a b", limit: 1).map(\.subject) == ["after:a b"])
    }

    @Test("a listing out of order, longer than the limit or not UTF-8 is refused, naming the store", arguments: [
        ("unordered", "store 'subjects.fixed' listed subject 'a' after 'b': not in ascending byte order"),
        ("extra", "store 'subjects.fixed' listed 3 subjects when asked for at most 2"),
        ("notutf8", "store 'subjects.fixed' listed a subject id that is not UTF-8 (2 bytes)"),
    ])
    func badListings(mode: String, message: String) throws {
        let store = try Self.open(mode)
        #expect(throws: StoreError(.corrupt, message)) { try store.subjects(after: nil, limit: 2) }
    }

    @Test("erase: OK is erased, CONFLICT and NOT_FOUND are nothing to erase, any other status fails; no bound is INT64_MAX")
    func erasing() throws {
        let store = try Self.open("good")
        #expect(try store.erase(subject: "a", activeBefore: nil))
        #expect(try !store.erase(subject: "b", activeBefore: 5))
        #expect(try !store.erase(subject: "c", activeBefore: nil))
        for (bound, shown) in [(nil, "9223372036854775807"), (Int64(5), "5")] {
            do {
                _ = try store.erase(subject: "d", activeBefore: bound)
                Issue.record("erasing 'd' did not fail")
            } catch {
                #expect(error.kind == .unavailable)
                #expect(error.message.hasPrefix("store 'subjects.fixed' failed to erase a subject: cannot erase; active_before \(shown)"), "\(error.message)")
            }
        }
    }

    @Test("a restore sends its version, clears_all and appends that keep everything; a commit's bound below 1 is never sent")
    func whatCommitsSend() throws {
        let store = try Self.open("good")
        let snapshot = SubjectSnapshot(record: SubjectRecord(), version: 7, logs: ["e": [Donation(time: 1), Donation(time: 2)], "f": [Donation(time: 3)]])
        #expect(throws: StoreError(.unavailable, "store 'subjects.fixed' failed to commit: sent version 7, clears_all 1, 3 appends, max_count >= 9223372036854775807, max_age <= 0")) {
            try store.restore(subject: "s", expectedVersion: 2, snapshot: snapshot)
        }
        #expect(throws: StoreError(.invalidData, "cannot restore subject 's' at version 2: it must be above 2")) {
            try store.restore(subject: "s", expectedVersion: 2, snapshot: SubjectSnapshot(record: SubjectRecord(), version: 2))
        }
        let changes = DonationChanges(appends: [("e", Donation(time: 1), Retention(maxCount: 5, maxAge: 9)), ("f", Donation(time: 2), Retention(maxCount: 0))])
        #expect(throws: StoreError(.unavailable, "store 'subjects.fixed' failed to commit: sent version 0, clears_all 0, 1 appends, max_count >= 5, max_age <= 9")) {
            try store.commit(subject: "s", expectedVersion: 0, record: SubjectRecord(), donations: changes)
        }
    }

    @Test("a store with list_subjects and no erase_subject is refused at load")
    func halfIsRefused() throws {
        let path = try Self.build("-half", defines: ["HALF"])
        let failure = try #require(PluginLibrary.load(path: path, host: HostServices.table).failureValue)
        #expect(failure.messages == ["plugin '\(path)': stores[0].erase_subject is NULL but list_subjects is set: set both or neither"])
    }
}
