import BeckonClock
import BeckonCore
import BeckonRules

/// Whole subjects: listing in byte order with a cursor, erasing every trace, restoring at an
/// exact version. Optional operations: each check is skipped, with a note, for a store without
/// them (a plugin store older than ABI 1.3).
enum SubjectDataChecks {
    /// Ids in an order that any collation gets wrong: case, a NUL, a prefix, accents, astral
    /// characters, and a decomposed accent ("e\u{301}x" bytes before "é", Swift's `<` after).
    static let ids = ["b", "a", "B", "aa", "a\u{0}", "a b", "é", "e\u{301}x", "z", "😀", "\u{FFFD}", "Z9", "ab"]

    static let all: [StoreConformanceCheck] = [
        StoreConformanceCheck("subjects-listed-in-byte-order", "Stored subjects are listed in ascending order of their ids' UTF-8 bytes, strictly after the cursor, at most the limit, each with the host's clock at its last commit; pages of any size add up to the whole list.") { probe in
            try probe.requireSubjectData()
            probe.expectEqual(try probe.subjects(after: nil, limit: 10), [], "subjects of an empty store")
            _ = try probe.load("only-loaded")
            probe.expect(!(try probe.commit("refused", expectedVersion: 4, Samples.smallRecord)), "commit at version 4 of a new subject returned true")
            let started = HostClock.now()
            for id in ids { try probe.put(id, Samples.smallRecord, DonationChanges(appends: [("e", Donation(time: 1), Samples.unbounded)])) }
            let ended = HostClock.now()
            let expected = ids.sorted(by: StoredSubject.precedes)
            let whole = try probe.subjects(after: nil, limit: ids.count + 5, from: try probe.reader())
            probe.expectEqual(whole.map(\.subject), expected, "subjects listed (neither a loaded subject nor a refused commit is stored)")
            for listed in whole where !(started...ended).contains(listed.lastActive) {
                probe.fail("subject \(quoted(listed.subject)) listed as last active at \(listed.lastActive), not between \(started) and \(ended) (the host's clock around its commits)")
            }
            for size in [1, 2, 5] {
                var paged: [String] = []
                var cursor: String?
                while paged.count <= ids.count {
                    let page = try probe.subjects(after: cursor, limit: size)
                    probe.expect(page.count <= size, "a page of limit \(size) listed \(page.count)")
                    paged += page.map(\.subject)
                    guard page.count == size, let last = page.last else { break }
                    cursor = last.subject
                }
                probe.expectEqual(paged, expected, "subjects paged \(size) at a time")
            }
            probe.expectEqual(try probe.subjects(after: "a", limit: 3).map(\.subject), Array(expected.drop { !StoredSubject.precedes("a", $0) }.prefix(3)),
                              "3 subjects after \"a\" (itself stored)")
            probe.expectEqual(try probe.subjects(after: "c", limit: 50).map(\.subject), expected.filter { StoredSubject.precedes("c", $0) },
                              "subjects after \"c\" (not stored)")
            probe.expectEqual(try probe.subjects(after: expected.last, limit: 5), [], "subjects after the last one")
        },

        StoreConformanceCheck("erase-removes-every-trace", "Erasing a subject removes its record and every log at once: it loads as new, is no longer listed, and may start again at version 0; other subjects are untouched; erasing what is not stored returns false.") { probe in
            try probe.requireSubjectData()
            let logged = DonationChanges(appends: [("a", Donation(time: 1, info: [.string("secret")]), Samples.unbounded),
                                                   ("b", Donation(time: 2), Samples.unbounded), ("b", Donation(time: 3), Samples.unbounded)])
            try probe.put("gone", Samples.fullRecord, logged)
            try probe.put("kept", Samples.smallRecord, logged)
            probe.expect(try probe.erase("gone"), "erase of a stored subject returned false")
            let reader = try probe.reader()
            let erased = try probe.load("gone", from: reader)
            probe.expectEqual(erased.version, 0, "version of an erased subject")
            probe.expect(erased.record.isEmpty, "record of an erased subject is not empty: \(erased.record)")
            probe.expectEqual(try probe.times("gone", "a", from: reader), [], "log 'a' of an erased subject")
            probe.expectEqual(try probe.times("gone", "b", from: reader), [], "log 'b' of an erased subject")
            probe.expectEqual(try probe.subjects(after: nil, limit: 10, from: reader).map(\.subject), ["kept"], "subjects after erasing one of two")
            probe.expectEqual(try probe.load("kept", from: reader).record, Samples.smallRecord, "record of another subject")
            probe.expectEqual(try probe.times("kept", "b", from: reader), [2, 3], "log of another subject")
            probe.expect(!(try probe.erase("gone")), "a second erase of the same subject returned true")
            probe.expect(!(try probe.erase("never")), "erase of a subject never stored returned true")
            try probe.require(try probe.commit("gone", expectedVersion: 0, Samples.smallRecord), "commit at version 0 of an erased subject returned false")
            probe.expectEqual(try probe.times("gone", "a", from: try probe.reader()), [], "log 'a' of an erased subject committed again")
        },

        StoreConformanceCheck("erase-only-when-inactive", "With activeBefore, a subject is erased only when its last commit was before that instant: one active at it or since is kept whole.") { probe in
            try probe.requireSubjectData()
            try probe.put("s", Samples.smallRecord, DonationChanges(appends: [("e", Donation(time: 1), Samples.unbounded)]))
            let active = try probe.subjects(after: nil, limit: 1).first?.lastActive ?? 0
            probe.expect(!(try probe.erase("s", activeBefore: active)), "erase with activeBefore at the subject's last activity returned true")
            probe.expect(!(try probe.erase("s", activeBefore: Int64.min)), "erase with activeBefore Int64.min returned true")
            let reader = try probe.reader()
            probe.expectEqual(try probe.load("s", from: reader).record, Samples.smallRecord, "record of a subject too recently active to erase")
            probe.expectEqual(try probe.times("s", "e", from: reader), [1], "log of a subject too recently active to erase")
            probe.expect(!(try probe.erase("never", activeBefore: Int64.max)), "erase of a subject never stored returned true")
            probe.expect(try probe.erase("s", activeBefore: active + 1), "erase with activeBefore just after the last activity returned false")
            probe.expectEqual(try probe.load("s", from: try probe.reader()).version, 0, "version after erasing an inactive subject")
        },

        StoreConformanceCheck("restore-keeps-version-and-logs", "A restore writes the record at exactly the snapshot's version and exactly its logs (every donation, none pruned, equal instants in order), with the same compare-and-set as a commit.") { probe in
            try probe.requireSubjectData()
            let version = try probe.put("s", Samples.smallRecord, DonationChanges(appends: [("a", Donation(time: 1), Samples.unbounded),
                                                                                            ("old", Donation(time: 2), Samples.unbounded)]))
            let many = (0..<1_500).map { Donation(time: Int64($0 / 3), info: [.int(Int64($0)), .string("ünï \u{0}")]) }
            var record = Samples.fullRecord
            record.events["a"] = EventCounters(count: 1_500, first: 0, last: 499)
            let snapshot = SubjectSnapshot(record: record, version: version + 40, logs: ["a": many, "b": [Donation(time: -7)]])
            probe.expect(!(try probe.restore("s", expectedVersion: version + 1, snapshot)), "restore at a stale expected version returned true")
            probe.expectEqual(try probe.load("s").version, version, "version after a refused restore")
            try probe.require(try probe.restore("s", expectedVersion: version, snapshot), "restore at the stored version returned false")
            let reader = try probe.reader()
            let loaded = try probe.load("s", from: reader)
            probe.expectEqual(loaded.version, version + 40, "version after a restore")
            for field in Samples.differences(loaded.record, record) { probe.fail("restored record differs: \(field)") }
            probe.expect(try probe.donations("s", "a", from: reader) == many, "log 'a' after a restore differs from the snapshot's 1,500 donations")
            probe.expectEqual(try probe.donations("s", "b", from: reader), [Donation(time: -7)], "log 'b' after a restore")
            probe.expectEqual(try probe.times("s", "old", from: reader), [], "a log the snapshot does not have, after a restore")
            try probe.mustCommit("s", expectedVersion: version + 40, record)
            probe.expect(try probe.load("s").version > version + 40, "a commit after a restore did not move the version past the restored one")
            try probe.require(try probe.restore("new", expectedVersion: 0, SubjectSnapshot(record: Samples.smallRecord, version: 7)),
                              "restore of a new subject at expected version 0 returned false")
            probe.expectEqual(try probe.load("new", from: try probe.reader()).version, 7, "version of a new subject restored at 7")
            probe.expectEqual(try probe.subjects(after: nil, limit: 5).map(\.subject), ["new", "s"], "subjects after restores")
        },
    ]
}
