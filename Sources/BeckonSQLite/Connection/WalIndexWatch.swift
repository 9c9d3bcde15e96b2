/// Tells, without a system call or a transaction, that nothing was committed to a WAL store
/// since it last looked: it reads the first header of the store's WAL index (the `-shm` file
/// beside it) where the connection's SQLite has it mapped. (The file is never opened here:
/// closing a descriptor of it would drop the locks SQLite holds on it, POSIX locks being per
/// process and file.)
///
/// Every commit to a database in WAL mode, by any connection of any process, rewrites that
/// header before it returns: its frame count and their checksum change, and a restart of the
/// log changes its salts (SQLite's "WAL-index file format", header fields `iChange`, `mxFrame`,
/// `aFrameCksum`, `aSalt`). So while the 48 bytes read as they did at a look, no commit has
/// completed since. A header caught while a commit writes it may read either way: that commit
/// is then ordered after the read, as it would be had the read come a moment earlier.
///
/// Only a header that looks like SQLite's (version 3007000, initialised) is watched; without
/// one (no WAL index mapped, an immutable store) there is no watch and each read asks SQLite.
final class WalIndexWatch {
    /// SQLite's mapping of the WAL index's first region, which lives as long as the connection.
    private let base: UnsafeRawPointer
    /// Keeps the mapping's owner open while this looks at it.
    private let connection: SQLiteConnection
    /// The header as it read at the last `look()`; nil before the first look.
    private var seen: Header?

    /// The header's bytes.
    struct Header: Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        /// `iChange`: one more at each commit.
        var changeCounter: UInt32 {
            withUnsafeBytes(of: words) { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) }
        }

        static func == (a: Header, b: Header) -> Bool {
            a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2
                && a.words.3 == b.words.3 && a.words.4 == b.words.4 && a.words.5 == b.words.5
        }
    }

    /// Watches the WAL index that `connection`'s SQLite has mapped at `base`, or returns nil
    /// when its header does not look like one.
    init?(mapping base: UnsafeRawPointer, of connection: SQLiteConnection) {
        // iVersion 3007000 and isInit 1, native-endian. (The page size is 0 until the log holds
        // a frame, so it tells nothing.)
        guard base.loadUnaligned(fromByteOffset: 0, as: UInt32.self) == 3_007_000,
              base.loadUnaligned(fromByteOffset: 12, as: UInt8.self) == 1 else { return nil }
        self.base = base
        self.connection = connection
    }

    private func current() -> Header {
        Header(words: (base.loadUnaligned(fromByteOffset: 0, as: UInt64.self), base.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                       base.loadUnaligned(fromByteOffset: 16, as: UInt64.self), base.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
                       base.loadUnaligned(fromByteOffset: 32, as: UInt64.self), base.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
    }

    /// Whether the header reads as it did at the last `look()`: no commit completed since.
    var isUnchanged: Bool {
        guard let seen else { return false }
        return current() == seen
    }

    /// Reads the header, to be kept by `remember` once what the caller reads next (in a
    /// transaction begun after this) is known to be current.
    func look() -> Header {
        current()
    }

    /// Keeps a header read by `look()`.
    func remember(_ header: Header) {
        seen = header
    }

    /// After this connection's own commit, whose write transaction read `before` (no other
    /// commit can happen inside it): keeps the header now current when `before` is the header
    /// kept (nothing else was committed before it either) and the change counter shows exactly
    /// one commit since, this one. Another commit, even one caught half-written, leaves the
    /// counter further on (or the header unlike any kept), so it is never taken for seen.
    func followOwnCommit(from before: Header) {
        guard let seen, seen == before else { return }
        let after = current()
        if after.changeCounter == before.changeCounter &+ 1 { self.seen = after }
    }
}
