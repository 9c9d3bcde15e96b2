import BeckonTestSupport
import Foundation
import Testing

/// A Python host (standard library `ctypes` only, Fixtures/example_host.py) loads the built
/// `libbeckon.so`, opens an engine on the example configuration (copied with its included file,
/// its calendar plugin built as the demo builds it, its SQLite store in the copy's folder) and
/// checks the JSON of tips, a group, parameters, donations, a scenario and what's new, then every
/// error path, from status and message down to what was written.
@Suite("libbeckon.so from Python")
struct PythonHostTests {
    @Test func drivesTheExampleAndEveryErrorPath() throws {
        let folder = try ExampleCopy.make("python-host")
        try TestHost.python("example_host", [folder.appendingPathComponent("example.yaml").path], in: folder).expectEveryCheckHeld(atLeast: 80)
    }
}
