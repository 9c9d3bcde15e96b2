import BeckonCore
import BeckonRules

/// Versions and compare-and-set: what makes each decision atomic with its bookkeeping.
enum BasicChecks {
    static let all: [StoreConformanceCheck] = [
        StoreConformanceCheck("new-subject-is-empty", "A subject never written loads as an empty record at version 0, with no donations, and loading does not create it.") { probe in
            let first = try probe.load("nobody")
            probe.expectEqual(first.version, 0, "version of a new subject")
            probe.expect(first.record.isEmpty, "a new subject's record is not empty: \(first.record)")
            probe.expectEqual(try probe.times("nobody", "appLaunched"), [], "donations of a new subject")
            probe.expectEqual(try probe.times("nobody", "appLaunched", since: 0), [], "donations of a new subject since 0")
            let again = try probe.load("nobody", from: try probe.reader())
            probe.expectEqual(again.version, 0, "version of a new subject after loading it once")
            try probe.require(try probe.commit("nobody", expectedVersion: 0, Samples.smallRecord), "the first commit at version 0 after loads failed")
        },

        StoreConformanceCheck("commit-bumps-version", "A commit at the stored version succeeds, stores the record and increases the version; every later commit at the new version does too.") { probe in
            try probe.require(try probe.commit("s", expectedVersion: 0, Samples.smallRecord), "commit at version 0 of a new subject returned false")
            let first = try probe.load("s")
            probe.expect(first.version > 0, "version after the first commit is \(first.version), not above 0")
            probe.expectEqual(first.record, Samples.smallRecord, "record after the first commit")
            var version = first.version
            for step in 1...5 {
                var record = Samples.smallRecord
                record.parameters["step"] = .int(Int64(step))
                try probe.require(try probe.commit("s", expectedVersion: version, record), "commit \(step + 1) at the loaded version \(version) returned false")
                let loaded = try probe.load("s", from: try probe.reader())
                probe.expect(loaded.version > version, "version did not increase on commit \(step + 1): \(version) then \(loaded.version)")
                probe.expectEqual(loaded.record, record, "record after commit \(step + 1)")
                version = loaded.version
            }
            // A commit that changes nothing is still a commit: it succeeds and moves the version.
            let unchanged = try probe.load("s").record
            try probe.require(try probe.commit("s", expectedVersion: version, unchanged), "commit of an unchanged record at the current version returned false")
            probe.expect(try probe.load("s").version > version, "version did not increase on a commit of an unchanged record")
        },

        StoreConformanceCheck("stale-commit-changes-nothing", "A commit at any version but the stored one returns false and changes neither the record, nor the version, nor any donation log.") { probe in
            let kept = Donation(time: 1_000, info: [.string("kept")])
            try probe.mustCommit("s", expectedVersion: 0, Samples.smallRecord,
                                 DonationChanges(appends: [("a", kept, Samples.unbounded), ("b", kept, Samples.unbounded)]))
            let before = try probe.load("s")
            var intruder = Samples.smallRecord
            intruder.parameters["intruder"] = .bool(true)
            let intruding = DonationChanges(appends: [("a", Donation(time: 2_000), Samples.unbounded), ("c", Donation(time: 2_000), Samples.unbounded)],
                                            clearedEvents: ["b"], clearsAll: true)
            for stale in [Int64(0), before.version - 1, before.version + 1, before.version + 1000, -1] where stale != before.version {
                probe.expect(!(try probe.commit("s", expectedVersion: stale, intruder, intruding)),
                             "commit at stale version \(stale) (stored: \(before.version)) returned true")
            }
            let reader = try probe.reader()
            let after = try probe.load("s", from: reader)
            probe.expectEqual(after.version, before.version, "version after refused commits")
            probe.expectEqual(after.record, before.record, "record after refused commits")
            probe.expectEqual(try probe.donations("s", "a", from: reader), [kept], "log of 'a' after refused commits")
            probe.expectEqual(try probe.donations("s", "b", from: reader), [kept], "log of 'b' after a refused commit that cleared it")
            probe.expectEqual(try probe.donations("s", "c", from: reader), [], "log of 'c' after a refused commit that appended to it")
            // A refused commit to a new subject creates nothing either.
            probe.expect(!(try probe.commit("fresh", expectedVersion: 3, intruder, intruding)), "commit at version 3 of a new subject returned true")
            probe.expectEqual(try probe.load("fresh").version, 0, "version of a new subject after a refused commit")
            probe.expectEqual(try probe.times("fresh", "a"), [], "log of a new subject after a refused commit")
        },

        StoreConformanceCheck("subjects-are-independent", "Each subject has its own record, version and donation logs; writing or clearing one leaves every other untouched.") { probe in
            let donation = Donation(time: 5)
            try probe.mustCommit("alice", expectedVersion: 0, Samples.smallRecord, DonationChanges(appends: [("e", donation, Samples.unbounded)]))
            let bob = try probe.load("bob")
            probe.expectEqual(bob.version, 0, "bob's version after a commit for alice")
            probe.expect(bob.record.isEmpty, "bob's record after a commit for alice is not empty")
            probe.expectEqual(try probe.times("bob", "e"), [], "bob's log after alice donated")
            var bobRecord = SubjectRecord()
            bobRecord.parameters["name"] = .string("bob")
            try probe.require(try probe.commit("bob", expectedVersion: 0, bobRecord, DonationChanges(appends: [("e", Donation(time: 7), Samples.unbounded)])),
                              "bob's first commit at version 0 returned false after alice committed")
            let aliceVersion = try probe.load("alice").version
            try probe.mustCommit("alice", expectedVersion: aliceVersion, SubjectRecord(), DonationChanges(clearsAll: true))
            let reader = try probe.reader()
            probe.expectEqual(try probe.load("bob", from: reader).record, bobRecord, "bob's record after alice was cleared")
            probe.expectEqual(try probe.times("bob", "e", from: reader), [7], "bob's log after alice's logs were cleared")
            probe.expectEqual(try probe.times("alice", "e", from: reader), [], "alice's log after clearsAll")
            probe.expect(try probe.load("alice", from: reader).record.isEmpty, "alice's record after it was emptied")
        },

        StoreConformanceCheck("subject-ids-are-opaque", "Any string is a subject id, unchanged: empty, spaces, slashes, quotes, SQL, non-ASCII, control characters.") { probe in
            let ids = ["", " ", "a/b", "../etc/passwd", "x'); DROP TABLE subjects; --", "100%_*", "ünïcødé 🎉", "line\nbreak", "tab\there", "nul\u{0}inside", "default", "Default"]
            for (index, id) in ids.enumerated() {
                var record = SubjectRecord()
                record.parameters["index"] = .int(Int64(index))
                try probe.require(try probe.commit(id, expectedVersion: 0, record, DonationChanges(appends: [("e", Donation(time: Int64(index)), Samples.unbounded)])),
                                  "first commit for subject \(quoted(id)) returned false: it collides with another id")
            }
            let reader = try probe.reader()
            for (index, id) in ids.enumerated() {
                probe.expectEqual(try probe.load(id, from: reader).record.parameters["index"], .int(Int64(index)), "record of subject \(quoted(id))")
                probe.expectEqual(try probe.times(id, "e", from: reader), [Int64(index)], "log of subject \(quoted(id))")
            }
        },
    ]
}
