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
