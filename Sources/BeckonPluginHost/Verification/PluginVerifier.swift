public import BeckonCore
import BeckonDiagnostics
import BeckonRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks a plugin file before it ships: what its symbol table exports and needs (read from the
/// ELF file), its descriptor, a call of every condition with sample arguments, and each store
/// through a contract the caller runs (`storeCheck`, the Store conformance kit in `beckon`).
public enum PluginVerifier {
    /// Runs each store of a loaded plugin through the Store contract: the failures, one line each.
    public typealias StoreCheck = (_ open: () throws(StoreError) -> any Store, _ sharesData: Bool) -> [String]

    /// Verifies the plugin at `path` (absolute, or relative to the working folder), initialized
    /// with `config` and its stores opened with `storeOptions`.
    public static func verify(path: String, config: ConfigValue = .null, storeOptions: ConfigValue = .null,
                              storeCheck: StoreCheck) -> PluginVerification {
        var report = PluginVerification(file: path, checks: [])
        let absolute = path.hasPrefix("/") ? path : (currentFolder() ?? ".") + "/" + path
        let symbols: ELFDynamicSymbols
        switch readSymbols(absolute) {
        case .failure(let problem):
            report.checks.append(.init(name: "exports", problems: [problem.message], notes: []))
            return report
        case .success(let read):
            symbols = read
        }
        let declaration = PluginDeclaration(path: absolute, writtenPath: path, namespace: nil, config: config, span: .wholeFile(path))
        let (host, diagnostics) = PluginHost.load([declaration])
        // After the load: the libraries the plugin names are then found as it found them (its
        // own RUNPATH included); a plugin that did not load has its libraries looked up by name.
        report.checks += [exports(symbols), undefined(symbols)]
        // A warning (the file's permissions where it is checked, not where it will be installed)
        // is a note, not a problem of the file.
        let problems = diagnostics.filter { $0.severity == .error }.map(\.message)
        let warnings = diagnostics.filter { $0.severity != .error }.map(\.message)
        guard let plugin = host.plugins.first else {
            report.checks.append(.init(name: "descriptor", problems: problems, notes: warnings))
            return report
        }
        (report.name, report.version, report.abi, report.minimumHostABI) = (plugin.name, plugin.version, plugin.abi, plugin.minimumHostABI)
        var descriptor = PluginVerification.Check(name: "descriptor", problems: problems,
                                                  notes: ["\(plugin.name) \(plugin.version), built for ABI \(plugin.abi), needs host \(plugin.minimumHostABI) or newer"] + warnings)
        if SemanticVersion(plugin.version) == nil {
            descriptor.problems.append("version '\(plugin.version)' is not a semantic version (MAJOR.MINOR.PATCH): no 'version:' range can select it")
        }
        report.checks.append(descriptor)
        report.checks.append(conditions(plugin, host))
        var stores = PluginVerification.Check(name: "stores", problems: [], notes: [])
        for store in plugin.stores {
            let qualified = "\(plugin.namespace).\(store.name)"
            let failures = storeCheck({ () throws(StoreError) in try host.openStore(namespace: plugin.namespace, name: store.name, options: storeOptions) },
                                      store.sharesData)
            stores.problems += failures.map { "store \(qualified): \($0)" }
            if failures.isEmpty { stores.notes.append("store \(qualified): passes the Store contract") }
        }
        report.checks.append(stores)
        return report
    }

    /// Only the entry symbol may be exported: anything else is a name the plugin shares with every
    /// other library in the process.
    static func exports(_ symbols: ELFDynamicSymbols) -> PluginVerification.Check {
        let entry = "beckon_plugin_entry_v1"
        var check = PluginVerification.Check(name: "exports", problems: [], notes: [])
        if !symbols.exported.contains(entry) { check.problems.append("does not export \(entry)") }
        let others = symbols.exported.filter { $0 != entry }.sorted()
        if !others.isEmpty {
            let shown = others.prefix(10).joined(separator: ", ") + (others.count > 10 ? " and \(others.count - 10) more" : "")
            check.problems.append("exports \(others.count) symbol\(others.count == 1 ? "" : "s") besides \(entry): \(shown); "
                + "build with -fvisibility=hidden and mark only the entry BECKON_PLUGIN_EXPORT")
        }
        return check
    }

    /// Every symbol the file needs must come from a library it names: the host provides nothing
    /// to link against (what `-Wl,--no-undefined` proves at build time).
    static func undefined(_ symbols: ELFDynamicSymbols) -> PluginVerification.Check {
        var check = PluginVerification.Check(name: "undefined", problems: [], notes: symbols.needed.isEmpty ? [] : ["needs \(symbols.needed.joined(separator: ", "))"])
        var libraries: [UnsafeMutableRawPointer] = []
        for library in symbols.needed {
            // Never closed, like every library the host opens (a loaded one is found by its name).
            if let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) {
                libraries.append(handle)
            } else {
                check.problems.append("needs \(library), which cannot be loaded here: \(dlerror().map { String(cString: $0) } ?? "not found")")
            }
        }
        let missing = symbols.undefined.filter { symbol in !libraries.contains { dlsym($0, symbol) != nil } }.sorted()
        if !missing.isEmpty {
            check.problems.append("needs \(missing.joined(separator: ", ")), which no library it names provides: the host exports nothing "
                + "to link against; link with -Wl,--no-undefined to see it at build time")
        }
        return check
    }

    /// Calls every condition once with sample arguments of its parameter types: it must answer
    /// (a value or an error), not crash or hang.
    static func conditions(_ plugin: PluginInfo, _ host: PluginHost) -> PluginVerification.Check {
        var check = PluginVerification.Check(name: "conditions", problems: [], notes: [])
        let context = SampleContext()
        for condition in plugin.conditions {
            let qualified = "\(plugin.namespace).\(condition.name)"
            guard let function = host.functions[qualified] else { continue }
            let arguments = function.parameters.map(sample)
            let call = "\(qualified)(\(arguments.map(\.description).joined(separator: ", ")))"
            switch function.implementation.bind(constants: arguments.map { _ in nil }, schema: RuleSchema()) {
            case .failure(let error):
                check.problems.append("\(call): bind failed: \(error.message)")
            case .success(let bound):
                switch arguments.withUnsafeBufferPointer({ bound.evaluate($0, context: context) }) {
                case .success(let value): check.notes.append("\(call) = \(value)")
                case .failure(let error): check.notes.append("\(call) answered an error: \(error.message)")
                }
            }
        }
        return check
    }

    /// A value of `type` for a sample call.
    static func sample(_ type: ValueType) -> Value {
        switch type {
        case .bool: .bool(true)
        case .int: .int(1)
        case .double: .double(0.5)
        case .string: .string("sample")
        case .duration: .duration(60_000)
        case .timestamp: .timestamp(SampleContext.instant)
        case .version: .version(Version(major: 1, minor: 2, patch: 3))
        case .list(let element): .list([sample(element)])
        case .null: .null
        }
    }

    private static func readSymbols(_ path: String) -> Result<ELFDynamicSymbols, ELFDynamicSymbols.Problem> {
        switch FileBytes.read(path) {
        case .failure(let problem): return .failure(.init(message: "\(path): \(problem.clause)"))
        case .success(let bytes): return ELFDynamicSymbols.read(bytes).mapError { .init(message: "\(path): \($0.message)") }
        }
    }

    private static func currentFolder() -> String? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return String(cString: folder)
    }
}

/// The evaluation context of a sample call: a subject, a fixed instant, nothing stored.
final class SampleContext: NothingStoredContext {
    /// 2026-03-02T12:00:00Z, a Monday noon.
    static let instant: Int64 = 1_772_452_800_000
    let now = SampleContext.instant
    let subject = "sample-subject"
    let appVersion: Version? = Version(major: 1)
}
