/// Decides, one poll of the configuration's files at a time, when a change is complete enough to
/// reload: editors and deploy tools write in several steps (truncate, write, rename), so a new
/// identity is reloaded only once it has stayed the same for one more poll. A file that is gone
/// (an identity of nil) is reported once, and the last good configuration keeps serving until
/// the file is back. `Identity` is a file's (`FileIdentity`) or a set of files' (`FileSetIdentity`).
struct ChangeDebouncer<Identity: Equatable & Sendable>: Sendable {
    /// What a poll asks the watcher to do.
    enum Action: Equatable, Sendable {
        /// Nothing has changed, or a change is still settling.
        case wait
        /// The file changed and has been stable for a poll: reload it.
        case reload
        /// The file is gone (said once, until it is back).
        case fileGone
    }

    /// The identity of the file as last loaded (or last tried), nil when it was gone.
    private(set) var known: Identity?
    /// A new identity seen at the previous poll, waiting to be seen once more.
    private var pending: Identity?
    /// Whether the file was gone at the previous poll.
    private var gone = false

    /// Starts from the identity of the file as loaded at start.
    init(known: Identity?) {
        self.known = known
        gone = known == nil
    }

    /// The identity seen now; returns what to do.
    mutating func observe(_ identity: Identity?) -> Action {
        guard let identity else {
            pending = nil
            if gone { return .wait }
            gone = true
            return .fileGone
        }
        gone = false
        if identity == known {
            pending = nil
            return .wait
        }
        if identity == pending {
            pending = nil
            known = identity
            return .reload
        }
        pending = identity
        return .wait
    }

    /// A reload happened by other means (a signal) over the file as it is now: its identity is
    /// the known one, and a change still settling is forgotten.
    mutating func reloaded(_ identity: Identity?) {
        known = identity
        pending = nil
        gone = identity == nil
    }
}
