import BeckonPluginHost

/// The identities of a configuration's files: its main file, then each file it includes, in the
/// order of their paths. An edit of an included file is a change of the configuration too.
struct FileSetIdentity: Equatable, Sendable {
    var main: FileIdentity
    /// Each included file's identity; nil for one that is gone (a reload then says so).
    var included: [FileIdentity?]

    /// The identities of `main` and `included`, or nil when the main file is gone.
    init?(main: String, included: [String]) {
        guard let identity = FileIdentity(path: main) else { return nil }
        self.main = identity
        self.included = included.map { FileIdentity(path: $0) }
    }
}
