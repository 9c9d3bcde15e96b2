import BeckonTestSupport
import Foundation
import Testing

/// Host processes racing on one PostgreSQL store: 4 processes of `pg_race_host`, each with its
/// own engine and pool of 8 connections, 8 threads each. Every round all 32 threads try the same
/// subject's scenario (`maxExecutionsPermitted: 1`) at one wall-clock instant: exactly one runs
/// it. Then every thread donates 250 times to one subject: not one donation is lost or counted twice.
@Suite("postgres.store: races between host processes")
struct PostgresRaceTests {
    static let processes = 4
    static let threads = 8
    static let rounds = 20
    static let donationsPerThread = 250

    /// The acceptance's figures under the default isolation; under `serializable` (where
    /// PostgreSQL itself may refuse a transaction, 40001) with fewer donations, to keep the suite fast.
    @Test(arguments: [("read committed", 250), ("serializable", 50)])
    func oneExecutionPerRoundAndEveryDonationCounted(isolation: String, donationsPerThread: Int) throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("race")
        let config = try BuiltProducts.configuration(options: server.options(database: database, extra: ",\"poolSize\":8,\"isolation\":\"\(isolation)\""))
        let host = try PostgresHosts.race.get()
        var outputs: [String] = []

        // Each round's subject gets the scenario's three events, once, before the race.
        let setup = try ProcessRunner.run(host, ["setup", config, String(Self.rounds)], environment: PostgresServer.environment)
        outputs += [setup.output, setup.error]
        try #require(setup.status == 0, "\(setup.output)\(setup.error)")

        // Round r at start + r * 250 ms in every process: the start leaves time to open.
        let start = Int64(Date().timeIntervalSince1970 * 1_000) + 3_000
        let racers = try (0..<Self.processes).map { _ in
            try ProcessRunner.start(host, ["race", config, String(start), "250", String(Self.rounds), String(donationsPerThread)],
                                    environment: PostgresServer.environment)
        }
        let results = racers.map { $0.finish() }
        var ran = [Int](repeating: 0, count: Self.rounds)
        var acknowledged = 0
        for result in results {
            outputs += [result.output, result.error]
            #expect(result.status == 0, "\(result.output)\(result.error)")
            for line in result.output.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count == 4, words[0] == "round", let round = Int(words[1]), let count = Int(words[3]), round < Self.rounds {
                    ran[round] += count
                } else if words.count == 2, words[0] == "acknowledged", let count = Int(words[1]) {
                    acknowledged += count
                }
            }
        }
        #expect(ran == [Int](repeating: 1, count: Self.rounds), "executions per round over all processes: \(ran)")
        #expect(acknowledged == Self.processes * Self.threads * donationsPerThread)

        // Read back through a new engine: each round's subject executed once, and the shared
        // subject's lifetime count is every donation plus the one that asks.
        let readBack = try ProcessRunner.run(host, ["readback", config, "round-", String(Self.rounds), "shared"], environment: PostgresServer.environment)
        outputs += [readBack.output, readBack.error]
        try #require(readBack.status == 0, "\(readBack.output)\(readBack.error)")
        let executions = readBack.output.split(separator: "\n").filter { $0.hasPrefix("round-") }.map { $0.split(separator: " ")[2] }
        #expect(executions == [Substring](repeating: "1", count: Self.rounds), "\(readBack.output)")
        #expect(readBack.output.contains("count \(Self.processes * Self.threads * donationsPerThread + 1)\n"), "\(readBack.output)")
        #expect(!outputs.joined().contains(PostgresServer.password))
    }
}

/// The suites' C hosts, each compiled once (tests run in parallel: two compilers must not write
/// one file).
enum PostgresHosts {
    static let race = Result { try BuiltProducts.compileHost("pg_race_host") }
    static let fault = Result { try BuiltProducts.compileHost("pg_fault_host") }
}
