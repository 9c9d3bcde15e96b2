import Beckon
import Foundation
import Synchronization
import Testing
import BeckonTestSupport

/// `reload(path:)` and `reload(yaml:name:)`: a configuration that checks is swapped in whole over
/// the same store; one that does not leaves the old one serving.
@Suite("Beckon library: reload")
struct ReloadTests {
    /// Two configurations that differ in every answer: in `a`, tip `first` is available and
    /// `second` pending; in `b`, the other way round. Titles name the configuration.
    static func yaml(_ name: String, store: String = "{backend: memory}") -> String {
        let (first, second) = name == "a" ? ("params.flag", "!params.flag") : ("!params.flag", "params.flag")
        return """
        version: 1
        store: \(store)
        parameters: {flag: {type: bool, default: true}}
        events: {opened: {}}
        tips:
          first: {title: \(name) first, rules: ["\(first)"]}
          second: {title: \(name) second, rules: ["\(second)"]}
        groups:
          pair: {tips: [first, second]}
        """
    }

    /// Refers to an event nobody declared.
    static let invalid = yaml("a").replacingOccurrences(of: "rules: [\"params.flag\"]", with: "rules: [\"events.closed.count > 0\"]")

    static let request = BeckonRequest(subject: "ada", milliseconds: Clock.start)

    /// The configuration (`a` or `b`) a whole overview comes from, or nil when its answers mix two.
    static func configuration(of overview: StatusOverview) -> String? {
        for name in ["a", "b"] {
            let available = name == "a" ? "first" : "second"
            let whole = overview.tips.allSatisfy { tip in
                tip.content.title == "\(name) \(tip.tip)" && (tip.status == .available) == (tip.tip == available)
            } && overview.groups.map(\.current) == [available] && overview.groups.first?.content?.title == "\(name) \(available)"
            if whole { return name }
        }
        return nil
    }

    @Test func aReloadServesTheNewConfigurationOverTheSameState() throws {
        let beckon = try BeckonEngine(yaml: Self.yaml("a"), name: "beckon.yaml", storage: .memory)
        try beckon.donate("opened", Self.request)
        #expect(Self.configuration(of: try beckon.status(Self.request)) == "a")

        #expect(try beckon.reload(yaml: Self.yaml("b"), name: "beckon.yaml").isEmpty)
        #expect(Self.configuration(of: try beckon.status(Self.request)) == "b")
        #expect(try beckon.donate("opened", Self.request).count == 2)

        // A configuration with warnings is served; they are returned and become the engine's.
        let constant = Self.yaml("a").replacingOccurrences(of: "rules: [\"params.flag\"]", with: "rules: [\"true\"]")
        let warnings = try beckon.reload(yaml: constant, name: "beckon.yaml")
        #expect(warnings.map(\.code) == ["rule.constant"])
        #expect(beckon.warnings == warnings)
        #expect(Self.configuration(of: try beckon.status(Self.request)) == "a")
    }

    /// Each way a reload is refused, and the old configuration serving after it.
    @Test(arguments: [
        (Reload.text(invalid), "invalidConfiguration rule.unknownName"),
        (Reload.text(yaml("b", store: "{backend: sqlite, path: elsewhere.db}")), "invalidConfiguration reload.storeChanged"),
        (Reload.file("/nonexistent/beckon.yaml"), "configurationUnreadable"),
    ])
    func aRefusedReloadLeavesTheOldConfigurationServing(reload: Reload, refusal: String) throws {
        // The configured store (here memory, from `store:`) is the one a reload must keep naming.
        let beckon = try BeckonEngine(yaml: Self.yaml("a"), name: "beckon.yaml")
        try beckon.donate("opened", Self.request)
        do throws(BeckonError) {
            try reload.apply(to: beckon)
            Issue.record("the reload was accepted")
        } catch {
            #expect(Self.describe(error) == refusal, "\(error)")
        }
        #expect(Self.configuration(of: try beckon.status(Self.request)) == "a")
        #expect(try beckon.donate("opened", Self.request).count == 2)
    }

    /// An engine on the memory store keeps it, whatever the new configuration's `store:` says.
    @Test func theMemoryStorageIsKeptWhateverTheNewStoreSays() throws {
        let beckon = try BeckonEngine(yaml: Self.yaml("a"), name: "beckon.yaml", storage: .memory)
        try beckon.donate("opened", Self.request)
        try beckon.reload(yaml: Self.yaml("b", store: "{backend: sqlite, path: elsewhere.db}"), name: "beckon.yaml")
        #expect(Self.configuration(of: try beckon.status(Self.request)) == "b")
        #expect(try beckon.donate("opened", Self.request).count == 2)
    }

    /// 4 threads decide while the configuration is reloaded 100 times from files, alternating a
    /// good one (`a`, then `b`, …) and a bad one: no call fails, every answer comes from one whole
    /// configuration, each bad file is refused with its diagnostics.
    @Test func threadsDecideWhileTheConfigurationIsReloaded() throws {
        let folder = try TestRunFolder.newFolder("reload")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ text: String, _ file: String) throws -> String {
            let path = folder.appendingPathComponent(file).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let (a, b, bad) = (try write(Self.yaml("a"), "a.yaml"), try write(Self.yaml("b"), "b.yaml"), try write(Self.invalid, "bad.yaml"))
        let beckon = try BeckonEngine(path: a, storage: .memory)

        let deciding = Deciding()
        let threads = DispatchGroup()
        for thread in 0..<4 {
            threads.enter()
            Thread.detachNewThread {
                defer { threads.leave() }
                let request = BeckonRequest(subject: "thread-\(thread)", milliseconds: Clock.start)
                repeat {
                    do {
                        let overview = try beckon.status(request)
                        let tip = try beckon.tipStatus("first", request)
                        guard let name = Self.configuration(of: overview) else { deciding.fail("mixed answers: \(overview)"); return }
                        guard tip.content.title.hasPrefix("\(tip.status == .available ? "a" : "b") ") else {
                            deciding.fail("mixed tip answer: \(tip)"); return
                        }
                        deciding.decided(by: name)
                    } catch {
                        deciding.fail("a call failed: \(error)"); return
                    }
                } while !deciding.isDone
            }
        }
        // Reloads start once the threads are deciding.
        while deciding.decisions < 4, deciding.failures.isEmpty { Thread.sleep(forTimeInterval: 0.001) }
        for reload in 0..<100 {
            if reload.isMultiple(of: 2) {
                try beckon.reload(path: reload.isMultiple(of: 4) ? b : a)
            } else {
                do throws(BeckonError) {
                    try beckon.reload(path: bad)
                    Issue.record("the bad file was accepted")
                } catch {
                    #expect(Self.describe(error) == "invalidConfiguration rule.unknownName", "\(error)")
                }
            }
        }
        deciding.finish()
        threads.wait()
        #expect(deciding.failures.isEmpty, "\(deciding.failures)")
        #expect(deciding.seen == ["a", "b"])
        // The last reload, 98, was good: `a`.
        #expect(Self.configuration(of: try beckon.status(Self.request)) == "a")
    }

    /// The error's case, and for an invalid configuration its diagnostics' error codes.
    static func describe(_ error: BeckonError) -> String {
        switch error {
        case .invalidConfiguration(let diagnostics):
            "invalidConfiguration " + diagnostics.filter { $0.severity == .error }.map(\.code).joined(separator: " ")
        case .configurationUnreadable: "configurationUnreadable"
        default: "\(error)"
        }
    }
}

/// A reload as a test argument: YAML text or a file.
enum Reload: Sendable, CustomTestStringConvertible {
    case text(String)
    case file(String)

    func apply(to beckon: BeckonEngine) throws(BeckonError) {
        switch self {
        case .text(let yaml): try beckon.reload(yaml: yaml, name: "beckon.yaml")
        case .file(let path): try beckon.reload(path: path)
        }
    }

    var testDescription: String {
        switch self {
        case .text(let yaml): "text \(yaml.split(separator: "\n").dropFirst().first ?? "")"
        case .file(let path): "file \(path)"
        }
    }
}

/// What the deciding threads saw, shared with the test.
final class Deciding: Sendable {
    private let state = Mutex<(done: Bool, failures: [String], decisions: Int, seen: Set<String>)>((false, [], 0, []))

    var isDone: Bool { state.withLock { $0.done } }
    var failures: [String] { state.withLock { $0.failures } }
    var decisions: Int { state.withLock { $0.decisions } }
    /// The configurations answers came from.
    var seen: Set<String> { state.withLock { $0.seen } }

    func decided(by configuration: String) { state.withLock { $0.decisions += 1; $0.seen.insert(configuration) } }
    func fail(_ message: String) { state.withLock { $0.failures.append(message) } }
    func finish() { state.withLock { $0.done = true } }
}
