import ArgumentParser

/// The common options (`--config`, `--json`, `--log-level`) written before the subcommand, as
/// people type them (`beckon --config X tip status t`), moved to where the argument parser
/// reads them: after the subcommand's own arguments, before a `--` that ends its options.
///
/// Each subcommand declares these options itself, so the parser alone would refuse them before
/// the subcommand. Moving them, rather than declaring them twice, keeps one reading of each
/// option: the moved line gives exactly the answer, output and errors of the same line written
/// with the options after the subcommand, and the decision commands' fast path still reads it.
/// An option written both before and after the subcommand is a usage error, as it is unclear
/// which one was meant.
enum LeadingOptions {
    /// What to do with a command line.
    enum Arrangement: Equatable {
        /// The line to parse: unchanged when no common option leads it.
        case arguments([String])
        /// A usage error, with the message to print (exit 64).
        case usageError(String)
    }

    /// Options that take a value (`--config PATH`, `--config=PATH`).
    static let valued: Set<String> = ["--config", "--log-level"]
    /// Options without a value.
    static let flags: Set<String> = ["--json"]

    /// `arguments` (without the program's name) with its leading common options moved after the
    /// subcommand that `subcommands` (each command's subcommands by name) finds behind them.
    /// Unchanged when no common option leads, or when no subcommand follows them (`beckon
    /// --json`, `beckon --config X --help`): the parser then answers as before.
    static func arrange(_ arguments: [String], subcommands: () -> Tree) -> Arrangement {
        guard let first = arguments.first, name(of: first) != nil else { return .arguments(arguments) }
        var leading: [String] = []
        var names: [String] = []
        var index = 0
        while index < arguments.count, let name = name(of: arguments[index]) {
            let takesNextValue = valued.contains(arguments[index])
            guard !takesNextValue || index + 1 < arguments.count else { return .arguments(arguments) }
            let count = takesNextValue ? 2 : 1
            leading += arguments[index..<index + count]
            names.append(name)
            index += count
        }

        var tree = subcommands()
        var path: [String] = []
        while index < arguments.count, let child = tree.children[arguments[index]] {
            path.append(arguments[index])
            tree = child
            index += 1
        }
        guard !path.isEmpty else { return .arguments(arguments) }

        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        let given = namesGiven(in: rest[..<end])
        if let repeated = names.first(where: given.contains) {
            let command = (["beckon"] + path).joined(separator: " ")
            return .usageError("'\(repeated)' is given both before and after '\(path.joined(separator: " "))' (see '\(command) --help')")
        }
        rest.insert(contentsOf: leading, at: end)
        return .arguments(path + rest)
    }

    /// The common option that `argument` is (`--config`, `--config=x` → `--config`), if any.
    static func name(of argument: String) -> String? {
        if flags.contains(argument) || valued.contains(argument) { return argument }
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let name = String(argument[..<equals])
        return valued.contains(name) ? name : nil
    }

    /// The common options among a subcommand's arguments. The value of `--now`, which may start
    /// with `-` (negative Unix milliseconds), is not read as an option, as the parser does not.
    private static func namesGiven(in arguments: ArraySlice<String>) -> Set<String> {
        var names: Set<String> = []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--now" { skipNext = true }
            if let name = name(of: argument) { names.insert(name) }
        }
        return names
    }

    /// A command and its subcommands, by name.
    struct Tree {
        /// The subcommands by the name typed on the command line.
        var children: [String: Tree]

        /// The tree of `command`'s subcommands, read from their configurations.
        init(_ command: any ParsableCommand.Type) {
            var children: [String: Tree] = [:]
            for subcommand in command.configuration.subcommands {
                let name = subcommand.configuration.commandName ?? String(describing: subcommand).lowercased()
                children[name] = Tree(subcommand)
                for alias in subcommand.configuration.aliases { children[alias] = children[name] }
            }
            self.children = children
        }
    }
}
