import ArgumentParser
import BeckonConfig
import BeckonDiagnostics
import BeckonCore
import BeckonRules
import FoundationEssentials
import Synchronization

/// Shell completion of the ids a configuration declares: the shells' completion scripts run
/// `beckon ---completion <subcommand path> -- <argument> <words…>`, and these callbacks answer
/// with the ids of the configuration that the command line being typed would use.
///
/// The configuration is `--config` among the typed words (`--config PATH` or `--config=PATH`),
/// else `$BECKON_CONFIG`, else `./beckon.yaml`, as for the command itself. Any failure (no such
/// file, an invalid configuration) offers nothing, and nothing is ever printed: standard output
/// is the completion list and standard error would land in the middle of the user's line.
enum IdCompletion {
    /// What an argument names.
    enum Kind: Sendable {
        /// Tip ids (`tip status ID`, `--show-tip ID`).
        case tips
        /// Tip group ids.
        case groups
        /// Event ids.
        case events
        /// Every parameter's name (`param get`).
        case parameters
        /// The names of the parameters that are stored, not transient (`param set`).
        case storedParameters
        /// Scenario ids.
        case scenarios
        /// The versions of the configuration's what's-new entries.
        case whatsNewVersions
    }

    /// The completion of an argument that names something of `kind`.
    static func of(_ kind: Kind) -> CompletionKind {
        .custom { words, index, _ in candidates(kind, words: words, completing: index) }
    }

    /// The ids of `kind` in the configuration the typed `words` name, in declaration order;
    /// empty when that configuration does not load. The shell filters them by what was typed.
    static func candidates(_ kind: Kind, words: [String], completing index: Int,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let path = configPath(words: words, completing: index, environment: environment)
        guard let configuration = configuration(at: path) else { return [] }
        return ids(kind, in: configuration)
    }

    /// The ids of `kind` that `configuration` declares.
    static func ids(_ kind: Kind, in configuration: Configuration) -> [String] {
        switch kind {
        case .tips: configuration.tips.ids
        case .groups: configuration.groups.ids
        case .events: configuration.events.ids
        case .parameters: configuration.parameters.ids
        case .storedParameters: configuration.parameters.all.filter { !$0.isTransient }.map(\.id)
        case .scenarios: configuration.scenarios.ids
        case .whatsNewVersions: configuration.whatsNew.entries.map(\.version.description)
        }
    }

    /// The configuration path for the typed words: the last `--config` before a `--` (the word
    /// being completed excluded), else what the command itself would use.
    static func configPath(words: [String], completing index: Int, environment: [String: String]) -> String {
        var given: String?
        var position = 1  // words[0] is the command's name
        while position < words.count {
            let word = words[position]
            if word == "--" { break }
            if position != index {
                if word == "--config", position + 1 < words.count, position + 1 != index {
                    given = shellWord(words[position + 1], environment: environment)
                    position += 2
                    continue
                }
                if word.hasPrefix("--config=") {
                    given = shellWord(String(word.dropFirst("--config=".count)), environment: environment)
                }
            }
            position += 1
        }
        // An empty `--config ''` being typed names nothing yet.
        return ConfigOptions.configPath(given: given?.isEmpty == false ? given : nil, environment: environment)
    }

    /// A word as the shell would pass it to the command: the shells hand the completion the
    /// words as typed, so quotes and backslashes are removed here and a leading `~/` is the home
    /// folder. Variables and other expansions are left as they are.
    static func shellWord(_ typed: String, environment: [String: String]) -> String {
        var word = ""
        var quote: Character?
        var escaped = false
        for character in typed {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "\\" {
                escaped = true
            } else {
                word.append(character)
            }
        }
        if typed.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            word = home + word.dropFirst()
        }
        return word
    }

    /// The configuration at `path`, read without loading its plugins, or nil when it does not load.
    ///
    /// Plugins are native code whose loading runs their `init` (it may log, connect or be slow),
    /// which a key press must not do; the ids do not depend on them. Their namespaces are taken
    /// for unavailable, so rules calling them are not checked (as when a plugin fails to load),
    /// and a plugin store named by `store.backend` is taken for offered. A plugin declared
    /// without `as:` is known by the name inside its `.so`, so rules calling it read as unknown
    /// names: with such a plugin, those errors (and only those) are forgiven.
    static func configuration(at path: String) -> Configuration? {
        let assembled = Mutex<Configuration?>(nil)
        let loader = ConfigurationLoader(pluginLoading: { configuration in
            assembled.withLock { $0 = configuration }
            let namespaces = Set(configuration.plugins.compactMap(\.namespace))
            var stores: [String] = []
            if case .plugin(let namespace, let store) = configuration.store.backend { stores.append("\(namespace).\(store)") }
            return (functions: [:], unavailableNamespaces: namespaces, stores: stores, diagnostics: [])
        })
        do {
            return try loader.load(path: path).configuration
        } catch .invalid(let error) {
            guard let configuration = assembled.withLock({ $0 }),
                  configuration.plugins.contains(where: { $0.namespace == nil }),
                  error.diagnostics.allSatisfy({ $0.severity != .error || $0.code == "rule.unknownName" })
            else { return nil }
            return configuration
        } catch {
            return nil
        }
    }
}
