import BeckonTestSupport
import Foundation
import Testing

/// The promises of beckon.h an embedder relies on, each checked by a ctypes host
/// (Fixtures/api_contract.py) against the built libbeckon.so: error messages cut on a UTF-8
/// character boundary, sinks and errors smaller than ABI 1.0's, a NULL sink, the warnings of a
/// valid configuration delivered by `beckon_open_*`, a sink that calls back into the engine, and
/// what `beckon_whatsnew_next` records, how `beckon_tip_status` reads a tip's id, how
/// `beckon_open_*` and `beckon_reload_*` check the configuration they are named, and how a
/// request's app version is read.
@Suite("libbeckon.so keeps beckon.h's promises")
struct EmbeddingContractTests {
    static let cases = [
        "message-2-byte", "message-3-byte", "message-4-byte", "small-sink", "null-sink", "small-error", "warnings", "reentrant-sink",
        "whatsnew-next-records", "tip-status-answers", "configuration-arguments", "app-versions",
    ]

    @Test(arguments: cases)
    func promiseHolds(_ name: String) throws {
        let folder = try TestRunFolder.newFolder("contract")
        let library = (try EmbeddingLibrary.folder.get() as NSString).appendingPathComponent("libbeckon.so")
        let script = Repository.path("Tests/BeckonCTests/Fixtures/api_contract.py")
        let (status, output, error) = try ProcessRunner.run("python3", [script, library, folder.path, name])
        #expect(status == 0 && output == "ok\n", "\(output)\(error)")
    }
}
