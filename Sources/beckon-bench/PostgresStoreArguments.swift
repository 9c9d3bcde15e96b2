import ArgumentParser
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import Foundation

/// The options of the benchmarks that run over `postgres.store` (`postgres`, `copy`): the
/// plugin and the store's options, and the store they open.
struct PostgresStoreArguments: ParsableArguments {
    @Option(name: .customLong("option"), help: ArgumentHelp("One of the store's options (store.options), as NAME=VALUE; repeatable. A value of digits is an integer.", valueName: "name=value"))
    var options: [String] = []
    @Option(help: ArgumentHelp("The plugin (default: libbeckon-postgres-store.so next to this program).", valueName: "path"))
    var plugin: String?

    /// `postgres.store` from `plugin` (default: next to this program) with `options` (NAME=VALUE
    /// each, a value of digits an integer) and a pool of `poolSize` connections unless the
    /// options set one.
    func openStore(poolSize: Int) throws -> any Store {
        let path = try plugin ?? BenchCommand.builtNextToThisProgram("libbeckon-postgres-store.so", product: "beckon-postgres-store",
                                                                     otherwise: " or give --plugin").path
        let declaration = PluginDeclaration(path: path, writtenPath: path, namespace: nil, span: .wholeFile("bench.yaml"))
        let (host, diagnostics) = PluginHost.load([declaration])
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw ValidationError("the plugin did not load: \(diagnostics.map(\.message))") }
        var members: [(String, ConfigValue)] = try options.map { option in
            guard let equals = option.firstIndex(of: "=") else { throw ValidationError("--option \(option): write NAME=VALUE") }
            let value = String(option[option.index(after: equals)...])
            return (String(option[..<equals]), Int64(value).map(ConfigValue.int) ?? .string(value))
        }
        if !members.contains(where: { $0.0 == "poolSize" }) { members.append(("poolSize", .int(Int64(poolSize)))) }
        return try host.openStore(namespace: "postgres", name: "store", options: .map(members))
    }
}
