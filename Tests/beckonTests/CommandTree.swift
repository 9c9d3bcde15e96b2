import BeckonTestSupport
import Foundation
import Testing

/// The `beckon` command tree as the built binary describes it (`--experimental-dump-help`), so
/// that a test covering every subcommand covers a new one without being edited.
struct CommandTree {
    /// One command of the tree.
    struct Command {
        /// The command words after `beckon` (empty for `beckon` itself).
        var path: [String]
        /// The command's one-line summary.
        var abstract: String
        /// The command's longer description.
        var discussion: String
        /// The long names of its options and flags (`--config`), help and version excluded.
        var options: [String]
        /// The arguments whose completion a Swift callback gives: `positional@N` or `--name`.
        var customCompletions: [String]
    }

    /// Every command, the root first, depth first in declaration order.
    var commands: [Command]

    /// The subcommands (every command but the root).
    var subcommands: [Command] { commands.filter { !$0.path.isEmpty } }

    /// The tree of the built binary.
    static func load() throws -> CommandTree {
        let dump = try BeckonProcess.run(["--experimental-dump-help"])
        try #require(dump.status == 0, "beckon --experimental-dump-help: \(dump.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8))
        let root = try #require((json as? [String: Any])?["command"] as? [String: Any])
        var commands: [Command] = []
        walk(root, path: [], into: &commands)
        return CommandTree(commands: commands)
    }

    private static func walk(_ node: [String: Any], path: [String], into commands: inout [Command]) {
        let arguments = node["arguments"] as? [[String: Any]] ?? []
        var options: [String] = []
        var customCompletions: [String] = []
        var positionalIndex = 0
        for argument in arguments {
            let kind = argument["kind"] as? String
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard name["kind"] as? String == "long", let text = name["name"] as? String else { return nil }
                return "--" + text
            }
            let isCustom = (argument["completionKind"] as? [String: Any])?.keys.contains { $0.hasPrefix("custom") } ?? false
            if kind == "positional" {
                if isCustom { customCompletions.append("positional@\(positionalIndex)") }
                positionalIndex += 1
            } else {
                let visible = !names.contains("--help") && !names.contains("--version")
                    && argument["shouldDisplay"] as? Bool != false
                if visible { options += names }
                if isCustom, let name = names.first { customCompletions.append(name) }
            }
        }
        commands.append(Command(path: path, abstract: node["abstract"] as? String ?? "", discussion: node["discussion"] as? String ?? "",
                                options: options,
                                customCompletions: customCompletions))
        for child in node["subcommands"] as? [[String: Any]] ?? [] {
            guard let name = child["commandName"] as? String, name != "help" else { continue }
            walk(child, path: path + [name], into: &commands)
        }
    }
}
