/// How hard SQLite works to make an acknowledged commit durable.
public enum SQLiteSynchronous: String, Hashable, Sendable, CaseIterable {
    /// WAL with `synchronous = NORMAL`: a commit survives a crash or `kill -9` of the process;
    /// the last commits before a power loss or OS crash may be lost (never half of one). The
    /// default: no fsync per commit.
    case normal
    /// `synchronous = FULL`: a commit also survives a power loss, at the cost of an fsync of the
    /// write-ahead log per commit.
    case full
}
