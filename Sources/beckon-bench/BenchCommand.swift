import ArgumentParser

/// `beckon-bench`: benchmark programs that print figures. Run them in a release build:
/// `swift run -c release beckon-bench <benchmark>`.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beckon-bench",
        abstract: "Measure Beckon's speed and print the figures.",
        subcommands: [ConfigLoadBenchmark.self, RulesBenchmark.self, EngineBenchmark.self, SQLiteBenchmark.self, SQLiteScaleBenchmark.self, PluginBenchmark.self, EmbeddingBenchmark.self, ContentBenchmark.self, PostgresBenchmark.self, CopyBenchmark.self]
    )
}
