import BeckonCore
import BeckonDiagnostics
@testable import BeckonPluginHost
import Testing

/// `beckon_store.check_options` (ABI 1.2): a store's options are checked when the configuration
/// loads, every problem at once, each at a value or at a key, secret ones flagged; a store of an
/// older size is never asked, and a problem of the 1.1 size has no flags. Loads plugins into
/// this process (Fixtures/v1_2/options_check.c).
@Suite("store options problems (ABI 1.2)")
struct StoreOptionsCheckTests {
    static let options: ConfigValue = .map([("unknwn", .int(1)), ("size", .string("big"))])

    static func host(defines: [String] = [], name: String) throws -> PluginHost {
        let path = try CPluginBuilder.build(name, sources: ["Tests/BeckonPluginHostTests/Fixtures/v1_2/options_check.c"], defines: defines)
        let (host, diagnostics) = PluginHost.load([PluginRuleHarness.declaration(path)])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(host.storeNames == ["optcheck.opts"])
        return host
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var defines: [String]
        var options: ConfigValue
        var expected: [PluginHost.OptionsProblem]
        var testDescription: String { name }
    }

    static let everyProblem: [PluginHost.OptionsProblem] = [
        .init(pointer: "/unknwn", atKey: true, message: "unknown key 'unknwn'; did you mean 'unknown'?", secret: false),
        .init(pointer: "/size", atKey: false, message: "size must be an integer, not a string", secret: false),
        .init(pointer: "/nested/list/1", atKey: false, message: "the second item is wrong", secret: false),
        .init(pointer: "/password", atKey: true, message: "a password is never written in the configuration", secret: true),
        .init(pointer: "/missing", atKey: true, message: "a key that is not written", secret: false),
    ]

    static let cases: [Case] = [
        Case(name: "1.2: every problem, in order, at its value or key, the secret flagged", defines: [], options: options,
             expected: everyProblem),
        Case(name: "1.2: null options are handed over as null and accepted", defines: [], options: .null, expected: []),
        Case(name: "1.2: empty options are handed over as {} and accepted", defines: [], options: .map([]), expected: []),
        Case(name: "a 1.1-sized store is never asked, though its slot is filled in", defines: ["AS_1_1"], options: options, expected: []),
        Case(name: "problems of the 1.1 size work, and their flags are never read", defines: ["OLD_PROBLEMS"], options: options,
             expected: everyProblem.map { var old = $0; old.secret = false; return old }),
        Case(name: "a failed check is one problem at the options as a whole", defines: ["FAILS"], options: options,
             expected: [.init(pointer: "", atKey: false, message: "the checker cannot run", secret: false)]),
    ]

    @Test(arguments: cases)
    func problems(_ test: Case) throws {
        let host = try Self.host(defines: test.defines, name: "optcheck-" + (test.defines.first ?? "1-2").lowercased())
        let problems = host.checkOptions(ofStore: "optcheck.opts", options: test.options)
        #expect(problems == test.expected)
    }

    @Test("a check_config problem flagged secret is masked at its value (1.2); a 1.1-sized one is not")
    func secretConfigProblem() throws {
        for (defines, secret) in [([String](), true), (["OLD_PROBLEMS"], false)] {
            let path = try CPluginBuilder.build("optcheck-" + (defines.first ?? "1-2").lowercased(),
                                                sources: ["Tests/BeckonPluginHostTests/Fixtures/v1_2/options_check.c"], defines: defines)
            let valueSpan = SourceSpan(file: PluginRuleHarness.file, start: SourcePosition(line: 6, column: 12),
                                       end: SourcePosition(line: 6, column: 20))
            let declaration = PluginRuleHarness.declaration(path, config: .map([("token", .string("s3cr3t"))]),
                                                            configSpans: ["/token": valueSpan])
            let (_, diagnostics) = PluginHost.load([declaration])
            #expect(diagnostics.map(\.span) == [valueSpan])
            #expect(diagnostics.map(\.secret) == [secret ? valueSpan : nil])
        }
    }

    @Test("a store no plugin offers has no problems to report (the loader reports it elsewhere)")
    func unknownStore() throws {
        let host = try Self.host(name: "optcheck-1-2")
        #expect(host.checkOptions(ofStore: "optcheck.nosuch", options: Self.options).isEmpty)
    }
}
