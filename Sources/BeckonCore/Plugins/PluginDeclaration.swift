public import BeckonDiagnostics

/// A plugin to load (PLUGIN-ABI): an entry of `plugins:`.
public struct PluginDeclaration: Hashable, Sendable {
    /// The `.so` path as resolved against the declaring file's folder; for an entry found by
    /// name, empty until the host finds its file.
    public var path: String
    /// The path as written (for an entry found by name, the file the host found).
    public var writtenPath: String
    /// The plugin's own name (`name:`) when the entry asks the host to find it in the plugin
    /// folders instead of naming a file.
    public var lookupName: String?
    /// The namespace of its functions and stores in rules; nil = the plugin's own name.
    public var namespace: String?
    /// The `config:` subtree, handed to the plugin as JSON.
    public var config: ConfigValue
    /// Where each value of `config` is written, by its JSON pointer ("" is the whole config), so
    /// that a plugin's complaint about a value is shown at that line and column.
    public var configSpans: [String: SourceSpan]
    /// Where each key of `config` is written, by the JSON pointer of the member it names
    /// ("/weekends" is the key `weekends`), so that a complaint about a key (an unknown one) is
    /// shown at the key rather than at its value.
    public var configKeySpans: [String: SourceSpan]
    /// The SHA-256 digest of the file the entry was reviewed as (`sha256:`), 64 lowercase
    /// hexadecimal digits: any other file is refused before it is opened.
    public var sha256: PinnedDigest?
    /// The plugin versions the entry accepts (`version:`), matched against its descriptor, and
    /// where they are written.
    public var versions: Located<VersionRange>?
    /// How long one call of one of its conditions may take, in milliseconds (`timeout:`): past
    /// it the rule gets a TIMEOUT error. Nil: no limit, the call runs on the caller's thread.
    public var callTimeLimit: Int64?
    /// Where the plugin is declared (its `path:` or `name:` value).
    public var span: SourceSpan

    /// Creates a plugin declaration.
    public init(path: String, writtenPath: String, lookupName: String? = nil, namespace: String?, config: ConfigValue = .null,
                configSpans: [String: SourceSpan] = [:], configKeySpans: [String: SourceSpan] = [:],
                sha256: PinnedDigest? = nil, versions: Located<VersionRange>? = nil, callTimeLimit: Int64? = nil, span: SourceSpan) {
        self.path = path
        self.writtenPath = writtenPath
        self.lookupName = lookupName
        self.namespace = namespace
        self.config = config
        self.configSpans = configSpans
        self.configKeySpans = configKeySpans
        self.sha256 = sha256
        self.versions = versions
        self.callTimeLimit = callTimeLimit
        self.span = span
    }
}

/// A value and where it is written.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var span: SourceSpan

    /// Creates a located value.
    public init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }
}

/// The digest a plugin entry pins (`sha256:`) and where it is written.
public struct PinnedDigest: Hashable, Sendable {
    /// 64 lowercase hexadecimal digits.
    public var hex: String
    /// Where `sha256:` is written, for a file that does not match.
    public var span: SourceSpan

    /// Creates a pin from 64 hexadecimal digits (either case); nil for anything else.
    public init?(_ text: String, at span: SourceSpan) {
        guard text.utf8.count == 64, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else {
            return nil
        }
        hex = text.lowercased()
        self.span = span
    }

    /// The first characters of a digest for a message: twelve, or, beside `other`, four more
    /// than the two share, so that a person sees where they differ.
    public static func short(_ hex: String, beside other: String? = nil) -> String {
        let shared = other.map { zip(hex, $0).prefix { $0 == $1 }.count } ?? 0
        let count = max(12, shared + 4)
        return count >= hex.count ? hex : String(hex.prefix(count)) + "…"
    }
}

/// The diagnostic codes of plugin loading that mean a plugin is not there to be loaded as the
/// configuration asks (exit 69, like a store that cannot be opened), rather than that the
/// configuration is wrong (exit 65): the one place every host asks.
public enum PluginUnavailability {
    /// The file, its descriptor or its `init` failed, or no installed plugin has the name.
    public static let unavailable = "plugin.unavailable"
    /// The file is not the one the entry pins (`sha256:`).
    public static let integrity = "plugin.integrity"
    /// The plugin is not a version the entry accepts (`version:`).
    public static let version = "plugin.version"

    /// Every such code.
    public static let codes: Set<String> = [unavailable, integrity, version]

    /// Whether any of `diagnostics` says a plugin is unavailable.
    public static func any(in diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { codes.contains($0.code) }
    }
}
