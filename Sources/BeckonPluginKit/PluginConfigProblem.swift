import CBeckonPlugin

/// One problem of a plugin's config, which `BeckonPlugin`'s `checkConfig` reports (ABI 1.1):
/// the host shows every one at once, each at the value, or at the key, its JSON pointer names.
public struct PluginConfigProblem: Hashable, Sendable {
    /// Where in the YAML the host shows a problem.
    public enum Target: Hashable, Sendable {
        /// At the value the pointer names (`BECKON_CONFIG_AT_VALUE`).
        case value
        /// At the key of the member the pointer names, such as an unknown key (`BECKON_CONFIG_AT_KEY`).
        case key
    }

    /// A sentence for a person ("unknown key 'weekends'").
    public var message: String
    /// An RFC 6901 pointer into the config ("/holidays/2"); empty means the config as a whole.
    public var jsonPointer: String
    /// Whether the problem is shown at the value or at its key.
    public var target: Target
    /// Whether the value `jsonPointer` names is a secret (a password, a URL carrying one): the
    /// host never shows its text (`BECKON_CONFIG_PROBLEM_SECRET`, ABI 1.2). Keep it out of
    /// `message` too.
    public var secret: Bool

    /// A problem at the value `jsonPointer` names (the config as a whole when empty).
    public init(_ message: String, at jsonPointer: String = "", target: Target = .value, secret: Bool = false) {
        self.message = message
        self.jsonPointer = jsonPointer
        self.target = target
        self.secret = secret
    }

    /// A problem at the key of the member `jsonPointer` names ("/weekends").
    public static func atKey(_ message: String, _ jsonPointer: String, secret: Bool = false) -> PluginConfigProblem {
        PluginConfigProblem(message, at: jsonPointer, target: .key, secret: secret)
    }

    /// Hands the problem to the host's sink; the strings are borrowed for the call only.
    func put(into sink: UnsafeMutablePointer<beckon_config_problem_sink>) -> beckon_status {
        guard let put = sink.pointee.put else { return BECKON_INVALID_ARGUMENT }
        return beckon_string.withBorrowed(message) { message in
            beckon_string.withBorrowed(jsonPointer) { pointer in
                var problem = beckon_config_problem()
                problem.struct_size = UInt32(MemoryLayout<beckon_config_problem>.size)
                problem.target = target == .key ? BECKON_CONFIG_AT_KEY : BECKON_CONFIG_AT_VALUE
                problem.json_pointer = pointer
                problem.message = message
                problem.flags = secret ? BECKON_CONFIG_PROBLEM_SECRET : 0
                return put(sink, &problem)
            }
        }
    }
}
