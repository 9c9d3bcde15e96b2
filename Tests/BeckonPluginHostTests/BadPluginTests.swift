@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Foundation
import Testing

/// Bad plugins, one C fixture per way of being bad (Fixtures/bad), each refused with its exact
/// message. Descriptor problems are caught by `PluginLibrary.load`, before any plugin code but
/// the entry runs; the others (init, validate_config, evaluate, a store operation) through the
/// host. Loads plugins into this process (a process-wide resource: they are never unloaded).
@Suite("bad plugins")
struct BadPluginTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The fixture (Fixtures/bad/NAME.c), built as libNAME.so.
        var fixture: String
        /// The message after `plugin 'PATH': `.
        var problem: String

        var testDescription: String { fixture }
    }

    static let descriptorCases: [Case] = [
        Case(fixture: "missing_entry",
             problem: "does not export beckon_plugin_entry_v1; is it a Beckon plugin built against beckon_plugin.h?"),
        Case(fixture: "entry_null", problem: "beckon_plugin_entry_v1 returned NULL (see the plugin's log above)"),
        Case(fixture: "other_major", problem: "built for ABI 2.0 (abi_major 2); this host speaks ABI 1.x"),
        Case(fixture: "newer_host", problem: "needs host ABI 1.\(HostServices.abiMinor + 1) or newer (min_host_minor \(HostServices.abiMinor + 1)); this host is 1.\(HostServices.abiMinor)"),
        Case(fixture: "small_struct", problem: "struct_size is 88, smaller than beckon_plugin in ABI 1.0 (104 bytes)"),
        Case(fixture: "null_evaluate", problem: "conditions[1].evaluate is NULL"),
        Case(fixture: "duplicate_names", problem: "conditions[2].name 'isOpen' is also the name of conditions[0]"),
        Case(fixture: "malformed_signature",
             problem: "conditions[0].signature '(int, -> bool' is malformed: expected a type after ',', found '->'"),
    ]

    static func build(_ fixture: String) throws -> String {
        try CPluginBuilder.build(fixture, sources: ["Tests/BeckonPluginHostTests/Fixtures/bad/\(fixture).c"])
    }

    @Test("PluginLibrary.load refuses each bad descriptor with its exact message", arguments: descriptorCases)
    func refusedByLibrary(_ testCase: Case) throws {
        let path = try Self.build(testCase.fixture)
        let failure = try #require(PluginLibrary.load(path: path, host: HostServices.table).failureValue)
        #expect(failure.messages == ["plugin '\(path)': \(testCase.problem)"])
    }

    @Test("messages name the file as the configuration wrote it")
    func writtenPath() throws {
        let path = try Self.build("malformed_signature")
        let failure = try #require(PluginLibrary.load(path: path, writtenPath: "plugins/libtypo.so", host: HostServices.table).failureValue)
        #expect(failure.message == "plugin 'plugins/libtypo.so': conditions[0].signature '(int, -> bool' is malformed: expected a type after ',', found '->'")
    }

    @Test("a path that does not exist")
    func missingFile() throws {
        let path = CPluginBuilder.outputFolder.appendingPathComponent("libabsent.so").path
        let failure = try #require(PluginLibrary.load(path: path, host: HostServices.table).failureValue)
        #expect(failure.messages == ["plugin '\(path)': cannot open: no such file"])
        let underFile = try Self.build("entry_null") + "/libinside.so"
        let underFailure = try #require(PluginLibrary.load(path: underFile, host: HostServices.table).failureValue)
        #expect(underFailure.messages == ["plugin '\(underFile)': cannot open: no such file"])
    }

    @Test("a directory")
    func directory() throws {
        let path = CPluginBuilder.outputFolder.path
        let failure = try #require(PluginLibrary.load(path: path, host: HostServices.table).failureValue)
        #expect(failure.messages == ["plugin '\(path)': cannot open: it is a directory, not a shared object"])
    }

    @Test("a file that is not a shared object, with the loader's reason")
    func notELF() throws {
        let path = CPluginBuilder.outputFolder.appendingPathComponent("libnotelf.so").path
        let text = "This is a text file named like a plugin; the loader must refuse it with a clear message.\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let failure = try #require(PluginLibrary.load(path: path, host: HostServices.table).failureValue)
        #expect(failure.messages == ["plugin '\(path)': not a loadable shared object: \(path): invalid ELF header"])
    }

    @Test("the same refusal every time a bad file is loaded again, without calling its entry again")
    func loadedTwice() throws {
        let path = try Self.build("entry_null")
        let first = PluginLibrary.load(path: path, host: HostServices.table).failureValue
        let second = PluginLibrary.load(path: path, host: HostServices.table).failureValue
        #expect(first != nil && first == second)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
