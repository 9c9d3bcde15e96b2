import BeckonTestSupport
import Foundation
import Testing

/// The typed path of beckon.h (ABI 1.1: handles, typed results, the batch), from a C host built
/// with plain `cc` and from a Python ctypes host, each checking that the typed answers agree with
/// the JSON answers of the same requests, and the errors (NULL or small result, unknown handle,
/// stale handle after a reload); and a C host of typed transient parameters (ABI 1.3).
@Suite("libbeckon.so typed path")
struct TypedPathHostTests {
    @Test func aCHostGetsTheJSONAnswersTyped() throws {
        try TestHost.c("typed_host").expectEveryCheckHeld(atLeast: 60)
    }

    /// ABI 1.3: transient parameters typed (`beckon_transient`), against the same values as text.
    @Test func aCHostPassesTypedTransients() throws {
        try TestHost.c("typed_transients_host").expectEveryCheckHeld(atLeast: 6_000)
    }

    @Test func aPythonHostGetsTheJSONAnswersTyped() throws {
        try TestHost.python("typed_host").expectEveryCheckHeld(atLeast: 200)
    }
}
