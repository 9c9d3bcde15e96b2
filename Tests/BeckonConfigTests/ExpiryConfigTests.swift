import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// `store.expireSubjectsAfter`: a duration of the rule language, more than 0 (0 would expire
/// every subject at once), unset by default.
@Suite struct ExpiryConfigTests {
    @Test(arguments: [("400d", Int64(400) * 86_400_000), ("12h", Int64(12) * 3_600_000), ("1ms", Int64(1))])
    func aDurationIsRead(written: String, milliseconds: Int64) throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\nstore: {backend: memory, expireSubjectsAfter: \(written)}\n", path: "test.yaml")
        #expect(loaded.configuration.store.expireSubjectsAfter == milliseconds)
    }

    @Test func unsetNothingExpires() throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\nstore: {backend: memory}\n", path: "test.yaml")
        #expect(loaded.configuration.store.expireSubjectsAfter == nil)
    }

    @Test(arguments: [("0s", "config.range", "'store.expireSubjectsAfter' must be longer than 0"),
                      ("400", "config.duration", "'store.expireSubjectsAfter'"),
                      ("soon", "", "'store.expireSubjectsAfter'")])
    func aBadValueIsRefusedAtIt(written: String, code: String, message: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\nstore:\n  expireSubjectsAfter: \(written)\n"))
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        if !code.isEmpty { #expect(diagnostic.code == code) }
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        #expect(diagnostic.span.start == SourcePosition(line: 3, column: 24))
    }
}
