import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import BeckonSQLite
import BeckonTestSupport
import Foundation
import Testing

/// Moving from the embedded SQLite store to PostgreSQL and back (`SubjectData.copy`, what
/// `beckon data copy --to` runs): on `Config/example.yaml` (tips, groups, scenarios, what's new,
/// typed parameters and event infos), with a few hundred subjects' seeded histories, every
/// answer is the same from each store.
@Suite("Subject data: SQLite to PostgreSQL and back")
struct SubjectDataStoreMoveTests {
    static let subjects = 150
    static let start: Int64 = 1_800_000_000_000

    /// Random operations on the example's declarations for each subject, at increasing instants.
    static func writeHistories(_ engine: Engine, _ random: inout SplitMix64) -> Int64 {
        let configuration = engine.configuration
        var latest = start
        for index in 0..<subjects {
            var now = start
            for _ in 0..<(1 + random.next() % 25) {
                now += 1 + Int64(random.next() % 86_400_000)
                let request = DecisionRequest(subject: "user-\(index)", now: now)
                switch random.next() % 6 {
                case 0: _ = try? engine.donate("landmarkViewed", info: ["landmark": .string("L\(random.next() % 9)"), "fromSearch": .bool(random.next() % 2 == 0)], request)
                case 1: _ = try? engine.donate("purchaseCompleted", info: ["amountCents": .int(Int64(random.next() % 10_000))], request)
                case 2: _ = try? engine.donate("appLaunched", request)
                case 3: _ = try? engine.displayTip(random.pick(configuration.tips.ids), request)
                case 4: _ = try? engine.triggerScenario(random.pick(configuration.scenarios.ids), request)
                default: _ = try? engine.setParameter("favoritesCount", to: .int(Int64(random.next() % 20)), request)
                }
            }
            latest = max(latest, now)
        }
        return latest
    }

    /// Every answer the engine gives each subject at `now`: each tip's status, each group's
    /// current tip, each scenario's status, what's new, in one text.
    static func answers(_ engine: Engine, now: Int64) throws -> [String] {
        let configuration = engine.configuration
        return try (0..<subjects).map { index in
            let request = DecisionRequest(subject: "user-\(index)", now: now)
            var text = ""
            for tip in configuration.tips.ids { text += "\(try engine.tipStatus(tip, request))\n" }
            for group in configuration.groups.ids { text += "\(try engine.groupCurrent(group, request))\n" }
            for scenario in configuration.scenarios.ids { text += "\(try engine.scenarioStatus(scenario, request))\n" }
            text += "\(String(describing: try? engine.whatsNewPreview(request)))\n"
            return text
        }
    }

    @Test func everyAnswerIsTheSameAfterMovingToPostgreSQLAndBack() throws {
        let folder = try ExampleCopy.make("data-move")
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = try Runtime.open(configPath: folder.appendingPathComponent("example.yaml").path)
        let engine = example.engine
        var random = SplitMix64(seed: 0x5E_0027)
        let now = Self.writeHistories(engine, &random) + 86_400_000
        let before = try Self.answers(engine, now: now)

        let (postgres, _) = try SubjectDataRoundTripTests.emptyStore("postgres")
        let stored = try engine.store.subjects(after: nil, limit: 1000).count
        #expect(stored > Self.subjects / 2, "most subjects have a history")
        let there = try SubjectData.copy(from: engine.store, to: postgres)
        #expect(there.copied == stored && there.checked == stored && there.mismatchCount == 0)
        let onPostgres = Engine(configuration: engine.configuration, rules: engine.rules, store: postgres)
        #expect(try Self.answers(onPostgres, now: now) == before)

        let back = try SQLiteStore(path: folder.appendingPathComponent("back.db").path)
        let returned = try SubjectData.copy(from: postgres, to: back)
        #expect(returned.copied == stored && returned.mismatchCount == 0)
        #expect(try Self.answers(Engine(configuration: engine.configuration, rules: engine.rules, store: back), now: now) == before)
        // The same state, to the byte, in each store.
        #expect(try SubjectDataRoundTripTests.exported(back, engine.configuration) == SubjectDataRoundTripTests.exported(engine.store, engine.configuration))
    }
}
