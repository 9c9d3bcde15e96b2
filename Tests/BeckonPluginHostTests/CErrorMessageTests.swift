@testable import BeckonPluginHost
import CBeckonPlugin
import Testing

/// What the host says of a failed call whose plugin left no message: the status as the header
/// names it (BeckonPluginKit's `PluginStatus`, the one spelling of the names).
@Suite("a plugin's error without a message")
struct CErrorMessageTests {
    @Test(arguments: [
        (BECKON_INVALID_ARGUMENT, "it returned BECKON_INVALID_ARGUMENT without a message"),
        (BECKON_CONFLICT, "it returned BECKON_CONFLICT without a message"),
        (BECKON_INTERNAL, "it returned BECKON_INTERNAL without a message"),
        (beckon_status(42), "it returned status 42 without a message"),
    ])
    func theStatusIsNamed(status: beckon_status, message: String) {
        let said = CError.with { error in CError.message(error, status: status) }
        #expect(said == message)
    }
}
