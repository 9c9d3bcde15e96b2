import BeckonTestSupport
import Foundation
import Testing

/// ABI 1.1 from C and from Python: tip content in answers, transient parameters and testing
/// overrides in `beckon_request`, and `beckon_subject_status`, on the example configuration.
@Suite("libbeckon.so 1.1: content, transients, testing, status")
struct ContextHostTests {
    @Test func aCHostBuiltWithCCUsesTheNewRequestMembersAndStatus() throws {
        let folder = try ExampleCopy.make("c-context-host")
        try TestHost.c("context_host", [folder.appendingPathComponent("example.yaml").path], in: folder).expectEveryCheckHeld(atLeast: 20)
    }

    @Test func aPythonHostUsesTheNewRequestMembersAndStatus() throws {
        let folder = try ExampleCopy.make("python-context-host")
        try TestHost.python("context_host", [folder.appendingPathComponent("example.yaml").path], in: folder).expectEveryCheckHeld(atLeast: 15)
    }
}
