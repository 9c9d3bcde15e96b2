import BeckonTestSupport
import Foundation
import Testing

/// Several `beckon serve` processes on their own ports over one SQLite file: in each round,
/// clients of every server ask at once to run a scenario that may run once, for a subject no one
/// asked about before. Exactly one answer says it executed, and every server then reads one
/// execution from the store.
@Suite("beckon serve: servers racing on one store")
struct RacingServersTests {
    static let servers = 2
    static let clientsPerServer = 4
    static let rounds = 25

    /// A scenario with no condition but its one permitted execution, on a SQLite store.
    static let configuration = """
        version: 1
        store: {backend: sqlite, path: state/beckon.db}
        events:
          appLaunched: {}
        scenarios:
          once: {maxExecutionsPermitted: 1}
        """

    @Test func exactlyOneExecutionPerRoundOverOneSQLiteFile() async throws {
        let folder = try ServedBeckon.folder(Self.configuration)
        let processes = try (0..<Self.servers).map { _ in try ServeProcess(folder) }
        defer { for process in processes { process.stop() } }
        let clients = processes.map { ServedBeckon.Client(port: $0.port) }

        let tally = try await RaceRounds.run(clients: clients, clientsPerServer: Self.clientsPerServer, rounds: Self.rounds,
                                             subjectPrefix: "sqlite-round")
        #expect(tally.executedPerRound == [Int](repeating: 1, count: Self.rounds), "executions per round: \(tally.executedPerRound)")
        #expect(tally.unexpected.isEmpty, "\(tally.unexpected)")
        #expect(tally.storedExecutions == [Int](repeating: 1, count: Self.rounds * Self.servers),
                "executions each server reads back: \(tally.storedExecutions)")
        for process in processes {
            #expect(process.stop() == 0, "\(process.standardError)")
        }
    }
}

/// The rounds of a race between the clients of several servers, and what they answered.
enum RaceRounds {
    struct Tally {
        /// How many answers said `executed: true`, per round.
        var executedPerRound: [Int] = []
        /// How many answers were `409 conflict` (concurrent writers: a client retries), all rounds.
        var conflicts = 0
        /// Answers that are neither a decision nor a conflict.
        var unexpected: [String] = []
        /// `executions` of each round's subject, as each server reads it afterwards.
        var storedExecutions: [Int] = []
    }

    /// Runs `rounds` races of `scenario try once`: every client of every server at once, each
    /// round on a fresh subject; then reads each subject's executions back from every server.
    static func run(clients: [ServedBeckon.Client], clientsPerServer: Int, rounds: Int, subjectPrefix: String,
                    scenario: String = "once") async throws -> Tally {
        var tally = Tally()
        let run = UUID().uuidString.prefix(8)
        for round in 0..<rounds {
            let path = "/v1/subjects/\(subjectPrefix)-\(run)-\(round)/scenarios/\(scenario)/try"
            let answers = try await withThrowingTaskGroup(of: ServedBeckon.Client.Answer.self) { group in
                for client in clients {
                    for _ in 0..<clientsPerServer {
                        group.addTask { try await client.post(path) }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            var executed = 0
            for answer in answers {
                if answer.status == 200, let ran = answer.object["executed"] as? Bool {
                    executed += ran ? 1 : 0
                } else if answer.status == 409 {
                    tally.conflicts += 1
                } else {
                    tally.unexpected.append("\(answer.status) \(answer.body)")
                }
            }
            tally.executedPerRound.append(executed)
        }
        for round in 0..<rounds {
            for client in clients {
                let status = try await client.get("/v1/subjects/\(subjectPrefix)-\(run)-\(round)/scenarios/\(scenario)")
                tally.storedExecutions.append(status.object["executions"] as? Int ?? -1)
            }
        }
        return tally
    }
}
