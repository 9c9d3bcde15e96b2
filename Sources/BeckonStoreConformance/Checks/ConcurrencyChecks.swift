import BeckonCore
import BeckonRules

/// Many writers at once: compare-and-set must make read-modify-commit loops lose nothing.
enum ConcurrencyChecks {
    static let writers = 8
    static let incrementsPerWriter = 40
    /// Far more than any fair store needs; reaching it means commits keep failing for no reason.
    static let maxRefusals = 100_000 * writers

    static let all: [StoreConformanceCheck] = [
        StoreConformanceCheck("concurrent-commits-lose-nothing", "Writers on many threads, each retrying read-modify-commit until it succeeds, end with exactly the sum of their increments.") { probe in
            let handles = try (0..<writers).map { _ throws(Probe.Stop) in try probe.reader() }
            runWriters(probe, handles: handles) { writer, _, store in
                var record = try store.load(subject: "counter")
                while true {
                    var updated = record.record
                    updated.events["counter", default: EventCounters()].count += 1
                    updated.parameters["writer\(writer)", default: .int(0)] = .int((updated.parameters["writer\(writer)"].flatMap(\.integer) ?? 0) + 1)
                    if try store.commit(subject: "counter", expectedVersion: record.version, record: updated, donations: .none) { return true }
                    record = try store.load(subject: "counter")
                    if !probe.countRefusal(limit: maxRefusals) { return false }
                }
            }
            let final = try probe.load("counter", from: try probe.reader()).record
            probe.expectEqual(final.events["counter"]?.count ?? 0, Int64(writers * incrementsPerWriter), "counter after \(writers) writers each added \(incrementsPerWriter)")
            for writer in 0..<writers {
                probe.expectEqual(final.parameters["writer\(writer)"], .int(Int64(incrementsPerWriter)), "increments of writer \(writer)")
            }
        },

        StoreConformanceCheck("concurrent-donations-lose-nothing", "Writers on many threads appending donations with their commits end with every donation logged once, in time order, and maxCount keeping the newest.") { probe in
            let handles = try (0..<writers).map { _ throws(Probe.Stop) in try probe.reader() }
            let bounded = Retention(maxCount: 10)
            runWriters(probe, handles: handles) { writer, iteration, store in
                // Instants interleave across writers, so appends arrive out of time order.
                let time = Int64(iteration * writers + writer)
                var record = try store.load(subject: "log")
                while true {
                    var updated = record.record
                    updated.events["e", default: EventCounters()].count += 1
                    let changes = DonationChanges(appends: [("e", Donation(time: time, info: [.int(Int64(writer))]), Samples.unbounded),
                                                            ("bounded", Donation(time: time), bounded)])
                    if try store.commit(subject: "log", expectedVersion: record.version, record: updated, donations: changes) { return true }
                    record = try store.load(subject: "log")
                    if !probe.countRefusal(limit: maxRefusals) { return false }
                }
            }
            let reader = try probe.reader()
            let total = writers * incrementsPerWriter
            probe.expectEqual(try probe.load("log", from: reader).record.events["e"]?.count ?? 0, Int64(total), "counter committed with the donations")
            let donations = try probe.donations("log", "e", from: reader)
            probe.expectEqual(donations.count, total, "number of logged donations")
            probe.expectEqual(donations.map(\.time), (0..<Int64(total)).map { $0 }, "logged instants (each once, oldest first)")
            probe.expect(donations.allSatisfy { $0.info == [.int($0.time % Int64(writers))] }, "a donation's info does not match its writer")
            probe.expectEqual(try probe.times("log", "bounded", from: reader), (Int64(total - 10)..<Int64(total)).map { $0 }, "log with maxCount 10 (the 10 newest instants)")
        },

        StoreConformanceCheck("loads-never-see-half-a-commit", "While writers commit, every load returns a whole record as some commit wrote it, never parts of two.") { probe in
            let handles = try (0..<writers).map { _ throws(Probe.Stop) in try probe.reader() }
            runWriters(probe, handles: handles) { writer, _, store in
                if writer % 2 == 1 {
                    // Readers: a committed record always has a == b == the events counter.
                    let stored = try store.load(subject: "torn")
                    let a = stored.record.parameters["a"], b = stored.record.parameters["b"]
                    let count = stored.record.events["e"]?.count ?? 0
                    if a != b || (a ?? .int(0)) != .int(count) {
                        probe.fail("load at version \(stored.version) returned a mixed record: a = \(a.map { "\($0)" } ?? "nil"), b = \(b.map { "\($0)" } ?? "nil"), count = \(count)")
                        return false
                    }
                    return true
                }
                var record = try store.load(subject: "torn")
                while true {
                    var updated = record.record
                    let next = (updated.events["e"]?.count ?? 0) + 1
                    updated.events["e"] = EventCounters(count: next, first: 0, last: next)
                    updated.parameters["a"] = .int(next)
                    updated.parameters["b"] = .int(next)
                    if try store.commit(subject: "torn", expectedVersion: record.version, record: updated, donations: .none) { return true }
                    record = try store.load(subject: "torn")
                    if !probe.countRefusal(limit: maxRefusals) { return false }
                }
            }
            let final = try probe.load("torn", from: try probe.reader()).record
            probe.expectEqual(final.parameters["a"], .int(Int64(writers / 2 * incrementsPerWriter)), "final value written by \(writers / 2) writers")
        },
    ]

    /// Runs `step` `incrementsPerWriter` times on each of `writers` threads, each with its own
    /// handle; a step returns false (having recorded why) to stop its writer.
    static func runWriters(_ probe: Probe, handles: [any Store],
                           _ step: @escaping @Sendable (_ writer: Int, _ iteration: Int, any Store) throws -> Bool) {
        Workers.run(handles.count) { writer in
            for iteration in 0..<incrementsPerWriter {
                do {
                    guard try step(writer, iteration, handles[writer]) else { return }
                } catch {
                    probe.fail("writer \(writer) failed: \(error)")
                    return
                }
            }
        }
    }
}

extension Value {
    /// The integer of an `.int`.
    var integer: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }
}
