import BeckonTestSupport
import Foundation
import Testing

/// The one instant range through the C API: a request's `now`, `beckon_set_clock`, and timestamp
/// values written as text (Fixtures/instant_range_host.py, a ctypes host).
@Suite("libbeckon.so instant range")
struct InstantRangeHostTests {
    @Test func everyInstantAHostGivesObeysTheRange() throws {
        let library = (try EmbeddingLibrary.folder.get() as NSString).appendingPathComponent("libbeckon.so")
        let script = Repository.path("Tests/BeckonCTests/Fixtures/instant_range_host.py")
        let (status, output, error) = try ProcessRunner.run("python3", [script, library], in: nil)
        #expect(status == 0, "\(output)\(error)")
        let lines = output.split(separator: "\n")
        #expect(lines.count == 14, "\(output)\(error)")
        #expect(lines.allSatisfy { $0.hasPrefix("ok ") }, "\(output)")
    }
}
