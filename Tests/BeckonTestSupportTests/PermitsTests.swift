import BeckonTestSupport
import Synchronization
import Testing

/// `Permits` lets at most its capacity in at once, and every caller in at last.
@Suite("BeckonTestSupport: permits")
struct PermitsTests {
    /// How many hold permits now, the most that did at once, and how many are done.
    final class Tally: Sendable {
        let state = Mutex<(holding: Int, most: Int, done: Int)>((0, 0, 0))
    }

    @Test(arguments: [1, 2, 5])
    func atMostTheCapacityHoldPermitsAtOnceAndAllGetThem(capacity: Int) async {
        let permits = Permits(capacity)
        let tally = Tally()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask {
                    // Some ask for two: at most the capacity is taken even then.
                    await permits.holding(index % 3 == 0 ? 2 : 1) {
                        tally.state.withLock { $0.holding += 1; $0.most = max($0.most, $0.holding) }
                        try? await Task.sleep(for: .milliseconds(2))
                        tally.state.withLock { $0.holding -= 1; $0.done += 1 }
                    }
                }
            }
        }
        let final = tally.state.withLock { $0 }
        #expect(final.done == 24)
        #expect(final.holding == 0)
        #expect(final.most <= capacity)
        #expect(final.most >= 1)
    }
}
