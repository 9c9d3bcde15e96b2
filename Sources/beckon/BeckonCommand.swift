import ArgumentParser
import BeckonRuntime

/// The `beckon` command: decides when software should beckon its user.
@main
struct BeckonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beckon",
        abstract: "Decide when to show tips, run one-off scenarios and present what's new.",
        discussion: """
            Exit codes: 0 success or positive answer, 1 negative answer, 64 usage, 65 bad \
            configuration or input, 66 missing file, 69 store or plugin unavailable, 70 internal error.
            """,
        version: Runtime.version,
        subcommands: [
            InitCommand.self,
            Check.self, StatusCommand.self, TipCommand.self, GroupCommand.self, EventCommand.self, ParamCommand.self,
            SchemaCommand.self,
            ScenarioCommand.self, WhatsNewCommand.self, ExplainCommand.self, ResetCommand.self, DataCommand.self, Simulate.self, PluginsCommand.self, PluginCommand.self,
            ServeCommand.self,
        ]
    )
}
