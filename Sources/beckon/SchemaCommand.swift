import ArgumentParser
import BeckonRuntime

/// `beckon schema`: prints the JSON Schema of the configuration, for editors and CI.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the configuration file.",
        discussion: """
            Editors (the YAML language server) use it for completion and inline errors, CI for a \
            structural check (check-jsonschema). Rules, references between ids and plugins' options \
            are checked by `beckon check` only. Its $id is \(ConfigurationSchema.id). Exit 0.
            """
    )

    func run() throws {
        print(ConfigurationSchema.text, terminator: "")
    }
}
