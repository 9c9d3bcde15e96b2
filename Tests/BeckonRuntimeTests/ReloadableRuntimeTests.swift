import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonRuntime
import Foundation
import Synchronization
import Testing

/// `ReloadableRuntime`: a checked configuration is swapped in over the same store; one that does
/// not check, or that names another store, leaves the old one serving.
@Suite("reloadable runtime")
struct ReloadableRuntimeTests {
    static func yaml(title: String, store: String = "{backend: memory}", rule: String = "true") -> String {
        """
        version: 1
        store: \(store)
        events: {opened: {}}
        tips: {welcome: {title: \(title), rules: ["\(rule)"]}}
        """
    }

    static let request = DecisionRequest(subject: "ada", now: 1_772_355_600_000)

    static func open(_ yaml: String) throws -> ReloadableRuntime {
        ReloadableRuntime(try Runtime.open(Runtime.load(yaml: yaml, path: "beckon.yaml")))
    }

    @Test func aReloadServesTheNewConfigurationOverTheSameStore() throws {
        let runtimes = try Self.open(Self.yaml(title: "Old"))
        _ = try runtimes.current.engine.donate("opened", Self.request)
        let inFlight = runtimes.current
        let warnings = try runtimes.reload(yaml: Self.yaml(title: "New", rule: "events.opened.count == 1"), path: "beckon.yaml")
        #expect(warnings.isEmpty)
        #expect(runtimes.current.engine.configuration.tips["welcome"]?.title.text == "New")
        // The donation made before the reload is still there: the store is the same object.
        #expect(runtimes.current.engine.store as AnyObject === inFlight.engine.store as AnyObject)
        #expect(try runtimes.current.engine.tipStatus("welcome", Self.request).status == .available)
        // A call that read the runtime before the reload finishes on the old configuration.
        #expect(inFlight.engine.configuration.tips["welcome"]?.title.text == "Old")
    }

    /// What a refused reload reports, and that the old configuration keeps serving.
    @Test(arguments: [
        (yaml(title: "Bad", rule: "events.closed.count > 0"), "rule.unknownName"),
        (yaml(title: "Moved", store: "{backend: sqlite, path: elsewhere.db}"), "reload.storeChanged"),
    ])
    func aRefusedReloadLeavesTheOldConfigurationServing(yaml: String, code: String) throws {
        let runtimes = try Self.open(Self.yaml(title: "Old"))
        do throws(ConfigurationLoadError) {
            try runtimes.reload(yaml: yaml, path: "beckon.yaml")
            Issue.record("the reload was accepted")
        } catch {
            guard case .invalid(let invalid) = error else { Issue.record("\(error)"); return }
            #expect(invalid.diagnostics.map(\.code).contains(code), "\(invalid.diagnostics)")
        }
        #expect(runtimes.current.engine.configuration.tips["welcome"]?.title.text == "Old")
    }

    /// A runtime opened over a given store keeps it, whatever the new configuration's `store:`.
    @Test func aGivenStoreIsKeptWhateverTheNewStoreSays() throws {
        let store = MemoryStore()
        let runtimes = ReloadableRuntime(try Runtime.open(Runtime.load(yaml: Self.yaml(title: "Old"), path: "beckon.yaml"), store: store),
                                         keepingStore: true)
        try runtimes.reload(yaml: Self.yaml(title: "New", store: "{backend: sqlite, path: elsewhere.db}"), path: "beckon.yaml")
        #expect(runtimes.current.engine.store as AnyObject === store)
        #expect(runtimes.current.engine.configuration.tips["welcome"]?.title.text == "New")
    }

    /// Borrowed reads (`withServing`, no lock, no retain) on many threads while reloads swap
    /// configurations: each read sees one whole configuration, a reload waits for the reads that
    /// may hold the runtime it replaces, and a replaced runtime is let go once they are done.
    @Test func borrowedReadsRunWhileReloadsSwapAndOldRuntimesAreLetGo() throws {
        let runtimes = try Self.open(Self.yaml(title: "A"))
        let counts = Counts()
        let group = DispatchGroup()
        let reading = DispatchSemaphore(value: 0)
        // Threads of their own (the shared queue may be busy with other suites), each reading
        // at least once before the reloads start, so that reads and reloads overlap.
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                var first = true
                while first || !counts.stop.load(ordering: .relaxed) {
                    let title = runtimes.withServing { $0.runtime.engine.configuration.tips["welcome"]?.title.text }
                    if title != "A" && title != "B" { counts.wrong.add(1, ordering: .relaxed) }
                    counts.reads.add(1, ordering: .relaxed)
                    if first { reading.signal() }
                    first = false
                    usleep(20) // leave the processors to the reloads and the other suites
                }
                group.leave()
            }
        }
        for _ in 0..<4 { reading.wait() }
        weak var replaced: ReloadableRuntime.Serving?
        for round in 0..<60 {
            if round == 30 { replaced = runtimes.serving }
            try runtimes.reload(yaml: Self.yaml(title: round % 2 == 0 ? "B" : "A"), path: "beckon.yaml")
        }
        counts.stop.store(true, ordering: .relaxed)
        group.wait()
        let wrong = counts.wrong.load(ordering: .relaxed), reads = counts.reads.load(ordering: .relaxed)
        #expect(wrong == 0)
        #expect(reads > 0)
        #expect(replaced == nil, "a runtime replaced 30 reloads ago is still alive")

        // A reload waits for a read that began before it; the read finishes on its runtime.
        let began = DispatchSemaphore(value: 0)
        let before = runtimes.withServing { $0.runtime.engine.configuration.tips["welcome"]?.title.text }
        DispatchQueue.global().async(group: group) {
            runtimes.withServing { serving in
                began.signal()
                usleep(100_000)
                counts.readItsOwn.store(serving.runtime.engine.configuration.tips["welcome"]?.title.text == before, ordering: .sequentiallyConsistent)
                counts.readDone.store(true, ordering: .sequentiallyConsistent)
            }
        }
        began.wait()
        try runtimes.reload(yaml: Self.yaml(title: "C"), path: "beckon.yaml")
        let doneAtReload = counts.readDone.load(ordering: .sequentiallyConsistent)
        #expect(doneAtReload, "the reload returned while a read of the old runtime was running")
        #expect(runtimes.current.engine.configuration.tips["welcome"]?.title.text == "C")
        group.wait()
        let readItsOwn = counts.readItsOwn.load(ordering: .sequentiallyConsistent)
        #expect(readItsOwn, "the read saw another runtime than the one it began on")
    }

    /// What the threads of the test above share.
    final class Counts: Sendable {
        let stop = Atomic<Bool>(false)
        let reads = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        let readDone = Atomic<Bool>(false)
        let readItsOwn = Atomic<Bool>(false)
    }
}
