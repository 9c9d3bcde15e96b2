@testable import BeckonRuntime
import Foundation
import Synchronization
import Testing

/// `ReadCopyUpdate`: reads borrow the object serving when they begin, a replacement releases the
/// old object only once no read may still hold it, and every object is released in the end.
@Suite("read-copy-update")
struct ReadCopyUpdateTests {
    /// An object that records its own release in a shared ledger, so that a read can see whether
    /// the object it borrows was let go under it.
    final class Tracked: Sendable {
        let id: Int
        let ledger: Ledger

        init(_ id: Int, _ ledger: Ledger) {
            self.id = id
            self.ledger = ledger
            ledger.made.add(1, ordering: .relaxed)
        }

        deinit {
            ledger.released.withLock { _ = $0.insert(id) }
        }
    }

    /// What the threads share: objects made and released, reads, and the reads that saw their
    /// object released before they left it.
    final class Ledger: Sendable {
        let made = Atomic<Int>(0)
        let released = Mutex<Set<Int>>([])
        let reads = Atomic<Int>(0)
        let releasedUnderARead = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let readDone = Atomic<Bool>(false)

        func isReleased(_ id: Int) -> Bool { released.withLock { $0.contains(id) } }
    }

    /// Readers on threads of their own, each checking, at the end of its read, that the object it
    /// borrowed has not been released; a writer replaces the object many times meanwhile. A
    /// replacement that released the old object without waiting for its readers fails this.
    @Test func readsNeverSeeTheirObjectReleasedAndReplacedObjectsAreLetGo() {
        let ledger = Ledger()
        let shared = ReadCopyUpdateBox(ReadCopyUpdate(Tracked(0, ledger)))
        let group = DispatchGroup()
        let started = DispatchSemaphore(value: 0)
        let readers = 4
        for _ in 0..<readers {
            group.enter()
            Thread.detachNewThread {
                var first = true
                while first || !ledger.stop.load(ordering: .relaxed) {
                    shared.cell.read { object in
                        let id = object.id
                        if first { started.signal() }
                        // Give a replacement time to run while this read holds `object`.
                        for _ in 0..<50 { sched_yield() }
                        if ledger.isReleased(id) { ledger.releasedUnderARead.add(1, ordering: .relaxed) }
                    }
                    ledger.reads.add(1, ordering: .relaxed)
                    first = false
                }
                group.leave()
            }
        }
        for _ in 0..<readers { started.wait() }
        let replacements = 200
        for id in 1...replacements {
            shared.cell.replace(with: Tracked(id, ledger))
            // The object replaced is let go by the time the replacement returns.
            #expect(ledger.isReleased(id - 1), "object \(id - 1) outlived its replacement")
        }
        ledger.stop.store(true, ordering: .relaxed)
        group.wait()
        #expect(ledger.releasedUnderARead.load(ordering: .relaxed) == 0)
        #expect(ledger.reads.load(ordering: .relaxed) >= readers)
        #expect(shared.cell.read { $0.id } == replacements)
        #expect(!ledger.isReleased(replacements))
    }

    /// The cell owns one retain of the object serving: released when the cell goes.
    @Test func theServingObjectIsReleasedWithTheCell() {
        let ledger = Ledger()
        do {
            let cell = ReadCopyUpdate(Tracked(1, ledger))
            cell.replace(with: Tracked(2, ledger))
            #expect(cell.read { $0.id } == 2 && ledger.isReleased(1) && !ledger.isReleased(2))
        }
        #expect(ledger.isReleased(2))
        #expect(ledger.released.withLock { $0.count } == ledger.made.load(ordering: .relaxed))
    }

    /// A replacement waits for a read that began before it, which finishes on its own object.
    @Test func aReplacementWaitsForAReadThatBeganBeforeIt() {
        let ledger = Ledger()
        let cell = ReadCopyUpdateBox(ReadCopyUpdate(Tracked(1, ledger)))
        let began = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            cell.cell.read { object in
                began.signal()
                usleep(100_000)
                #expect(object.id == 1 && !ledger.isReleased(1))
                ledger.readDone.store(true, ordering: .sequentiallyConsistent)
            }
        }
        began.wait()
        cell.cell.replace(with: Tracked(2, ledger))
        let readDone = ledger.readDone.load(ordering: .sequentiallyConsistent)
        #expect(readDone, "the replacement returned while a read of the old object ran")
        #expect(ledger.isReleased(1))
        group.wait()
    }

    /// A class holding a cell, to share it between threads.
    final class ReadCopyUpdateBox: Sendable {
        let cell: ReadCopyUpdate<Tracked>
        init(_ cell: consuming ReadCopyUpdate<Tracked>) { self.cell = cell }
    }
}
