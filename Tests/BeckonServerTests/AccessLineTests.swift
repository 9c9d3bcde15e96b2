@testable import BeckonServer
import BeckonTestSupport
import Foundation
import Logging
import Testing

/// The access line written straight to the server's handler (`ObservationMiddleware` with a
/// `BufferedLogHandler` that writes an event's metadata alone) is the line swift-log's path
/// writes for the same request: held together over seeded requests, as `FastPathPropertyTests`
/// holds the engine's two paths.
@Suite("beckon serve: the access line, written two ways")
struct AccessLineTests {
    /// The lines `record` writes for `requests` through a logger whose handler is `handler`, each
    /// without its timestamp (the first word; two writes may fall in two seconds).
    static func lines(_ requests: [(method: String, route: String, status: Int, microseconds: Int64)],
                      provider: Logger.MetadataProvider?) throws -> [Substring] {
        let file = BufferedLogTests.LogFile()
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .seconds(3600))
        let logger = Logger(label: "beckon.serve") { BufferedLogHandler(label: $0, output: output, metadataProvider: provider) }
        let observation = ObservationMiddleware(metrics: ServerMetrics(), logger: logger)
        for request in requests {
            observation.metrics.requestStarted()
            observation.record(method: request.method, route: request.route, status: request.status,
                               since: ContinuousClock.now - .microseconds(request.microseconds))
        }
        output.flush()
        return file.text.split(separator: "\n").map { $0.drop { $0 != " " } }
    }

    @Test func bothWaysWriteTheSameLine() throws {
        var random = SplitMix64(seed: 0xACCE55)
        let requests = (0..<200).map { _ in
            (method: random.pick(["GET", "POST", "PUT", "DELETE", "HEAD"]),
             route: random.pick(["/v1/subjects/{subject}/tips/{tip}", "/healthz", "unmatched", "/ofrep/v1/evaluate/flags"]),
             status: random.pick([200, 304, 400, 404, 422, 503]),
             microseconds: Int64(random.below(5_000_000)))
        }
        // A provider that adds nothing makes the handler merge metadata: swift-log's way.
        let direct = try Self.lines(requests, provider: nil)
        let general = try Self.lines(requests, provider: Logger.MetadataProvider { [:] })
        #expect(direct.count == requests.count)
        // Durations are measured, so they differ by the microseconds between the two runs.
        func withoutDuration(_ line: Substring) -> String { String(line.replacing(#/duration_ms=[0-9.]+ /#, with: "")) }
        let mismatch = zip(direct.map(withoutDuration), general.map(withoutDuration)).first { $0 != $1 }
        #expect(mismatch == nil, "written straight: \(mismatch?.0 ?? "")\nthrough swift-log: \(mismatch?.1 ?? "")")
        #expect(direct.count == general.count)
        #expect(direct.first?.hasPrefix(" info beckon.serve: duration_ms=") == true, "\(direct.first ?? "")")
        #expect(direct.first?.hasSuffix(" [BeckonServer] request") == true, "\(direct.first ?? "")")
    }

    @Test(arguments: [
        (0, "0.000"), (5, "0.005"), (412, "0.412"), (1_000, "1.000"), (12_345, "12.345"), (1_000_000, "1000.000"),
    ] as [(Int64, String)])
    func durationsAreMillisecondsWithThreeDecimals(microseconds: Int64, written: String) {
        #expect(ObservationMiddleware.milliseconds(.microseconds(microseconds)) == written)
    }
}
