import BeckonConfig
import BeckonDiagnostics
import BeckonRuntime
import CBeckon

/// The configuration an open or a reload call names: a file's path (`beckon_open_path`,
/// `beckon_reload_path`) or YAML text with the name its diagnostics give it (`beckon_open_text`,
/// `beckon_reload_text`). Read from the call's arguments, and checked, before anything else of
/// the call.
enum ConfigurationArgument {
    case path(String)
    case text(String, name: String)

    /// A path: a non-empty UTF-8 string.
    init(path: beckon_string) throws(CallFailure) {
        self = .path(try CBridge.id(path, "path"))
    }

    /// YAML text (UTF-8, possibly empty) and its name (non-empty UTF-8).
    init(yaml: beckon_string, name: beckon_string) throws(CallFailure) {
        guard let text = CBridge.string(yaml) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "yaml is not UTF-8") }
        guard let label = CBridge.string(name), !label.isEmpty else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "name must be a non-empty UTF-8 string (it names the text in diagnostics)")
        }
        self = .text(text, name: label)
    }

    /// The configuration loaded, to open an engine on.
    func load() throws(ConfigurationLoadError) -> PluggedConfiguration {
        switch self {
        case .path(let path): try Runtime.load(configPath: path)
        case .text(let text, let name): try Runtime.load(yaml: text, path: name)
        }
    }

    /// The engine's configuration replaced by this one; the new configuration's warnings.
    func reload(_ runtimes: ReloadableRuntime) throws(ConfigurationLoadError) -> [Diagnostic] {
        switch self {
        case .path(let path): try runtimes.reload(configPath: path)
        case .text(let text, let name): try runtimes.reload(yaml: text, path: name)
        }
    }
}
