/// What `beckon plugin verify` found in a plugin file: one entry per check, each with the
/// problems that fail it and notes that only inform.
public struct PluginVerification: Sendable {
    /// The file as given.
    public var file: String
    /// The descriptor's name and version, its ABI and the lowest host it needs, when it loads.
    public var name: String?
    public var version: String?
    public var abi: String?
    public var minimumHostABI: String?
    /// The checks, in the order they ran.
    public var checks: [Check]

    /// One check: its name (`exports`, `undefined`, `descriptor`, `conditions`, `stores`), what
    /// fails it, what it noticed.
    public struct Check: Sendable, Hashable {
        public var name: String
        public var problems: [String]
        public var notes: [String]
        /// Whether the check passed: it found no problem.
        public var passed: Bool { problems.isEmpty }
    }

    /// Whether every check passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }
}
