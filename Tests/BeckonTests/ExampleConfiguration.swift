import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// `Config/example.yaml` as a Swift host ships it: copied with its included file into a folder of
/// its own, the calendar plugin built next to it with `Plugins/calendar/build.sh` (as the C and
/// Python host tests prepare it), opened on the memory store.
enum ExampleConfiguration {
    /// The copy's `example.yaml`, prepared once per test run.
    static let path: Result<String, TestSupportFailure> = Result {
        try ExampleCopy.make("swift-host").appendingPathComponent("example.yaml").path
    }.mapError { $0 as? TestSupportFailure ?? TestSupportFailure("\($0)") }

    /// A fresh engine on the example, with its state in memory.
    static func open() throws -> BeckonEngine {
        try BeckonEngine(path: try path.get(), storage: .memory)
    }
}

/// Instants of the tests: 2026-03-01T09:00:00Z and days after it.
enum Clock {
    static let start: Int64 = 1_772_355_600_000
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    /// A request for `subject` at `start + offset` ms.
    static func at(_ offset: Int64, subject: String = "ada", appVersion: String? = nil,
                   transients: [String: BeckonValue] = [:], testing: BeckonRequest.Testing = .init()) -> BeckonRequest {
        BeckonRequest(subject: subject, milliseconds: start + offset, appVersion: appVersion, transients: transients, testing: testing)
    }
}
