/// Why a plugin file could not be loaded: what the host tells the person who declared it.
///
/// Every message starts with `plugin 'PATH': ` (the path as the configuration wrote it) and names
/// the descriptor field at fault, so that a plugin author can fix the plugin without a debugger.
struct PluginLoadFailure: Error, Equatable, CustomStringConvertible {
    /// The first problem found.
    var message: String
    /// Further problems found in the same descriptor, each a whole message like `message`.
    /// Validation checks the whole descriptor, so a plugin author sees all of them at once.
    var additionalMessages: [String] = []

    /// A failure about the plugin file at `path`: `problem` is prefixed with the path.
    init(path: String, _ problem: String) {
        message = PluginLoadFailure.prefix(path) + problem
    }

    /// A failure listing several problems about the plugin file at `path` (at least one).
    init(path: String, problems: [String]) {
        let prefix = PluginLoadFailure.prefix(path)
        message = prefix + (problems.first ?? "is not a valid plugin")
        additionalMessages = problems.dropFirst().map { prefix + $0 }
    }

    /// Every message, the first one first.
    var messages: [String] { [message] + additionalMessages }

    var description: String { messages.joined(separator: "\n") }

    private static func prefix(_ path: String) -> String { "plugin '\(path)': " }
}
