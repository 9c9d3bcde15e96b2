import BeckonCore
import BeckonRules

/// Data comes back exactly as it was committed: every value kind, every field of a record.
enum RoundTripChecks {
    static let all: [StoreConformanceCheck] = [
        StoreConformanceCheck("values-round-trip", "Every kind of value (null, bool, int, double, string, duration, timestamp, version, list) comes back with its kind and exact value, as a parameter and as donation info.") { probe in
            var record = SubjectRecord()
            for (name, value) in Samples.values { record.parameters[name] = value }
            let appends = Samples.values.enumerated().map { index, sample in
                ("info", Donation(time: Int64(index), info: [sample.value, .string(sample.name)]), Samples.unbounded)
            }
            try probe.mustCommit("s", expectedVersion: 0, record, DonationChanges(appends: appends + [("empty", Donation(time: 1, info: []), Samples.unbounded)]))
            let reader = try probe.reader()
            let loaded = try probe.load("s", from: reader).record
            for (name, value) in Samples.values {
                probe.expectEqual(loaded.parameters[name], value, "parameter '\(name)'")
            }
            probe.expectEqual(loaded.parameters.count, Samples.values.count, "number of parameters")
            let donations = try probe.donations("s", "info", from: reader)
            probe.expectEqual(donations.count, Samples.values.count, "number of donations with info")
            for (donation, sample) in zip(donations, Samples.values) {
                probe.expectEqual(donation.info, [sample.value, .string(sample.name)], "info of the donation carrying \(sample.name)")
            }
            probe.expectEqual(try probe.donations("s", "empty", from: reader), [Donation(time: 1, info: [])], "a donation without info")
        },

        StoreConformanceCheck("record-round-trips", "Every field of a subject record comes back as committed: event counters, tip records with each invalidation reason, scenario records, the new-tip display, what's new.") { probe in
            try probe.mustCommit("s", expectedVersion: 0, Samples.fullRecord)
            var version = try probe.load("s").version
            let loaded = try probe.load("s", from: try probe.reader()).record
            let differences = Samples.differences(loaded, Samples.fullRecord)
            for field in differences { probe.fail("field differs: \(field)") }
            probe.expect(!differences.isEmpty || loaded == Samples.fullRecord, "the full record differs from what was committed")
            // Fields go back to their empty values too: nothing is sticky.
            var emptied = Samples.fullRecord
            emptied.events["appLaunched"] = EventCounters()
            emptied.tips["welcome"] = TipRecord()
            emptied.scenarios["review"] = ScenarioRecord()
            emptied.lastNewTipDisplay = nil
            emptied.whatsNew = WhatsNewRecord()
            emptied.parameters = [:]
            try probe.mustCommit("s", expectedVersion: version, emptied)
            version = try probe.load("s").version
            probe.expectEqual(try probe.load("s", from: try probe.reader()).record, emptied, "the record with fields set back to empty")
            try probe.mustCommit("s", expectedVersion: version, SubjectRecord())
            probe.expect(try probe.load("s", from: try probe.reader()).record.isEmpty, "the record after committing an empty one is not empty")
        },
    ]
}
