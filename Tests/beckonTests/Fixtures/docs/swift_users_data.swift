// Docs/swift-library.md's users' data example, checked inside this function by docs_check.py:
// an open engine, a way to hand a line to its user, a backup to write to.
import Beckon

struct Backup { func write(_ line: String) {} }

func example(beckon: BeckonEngine, backup: Backup) throws {
    func hand(_ line: String, to subject: String) throws {}
    // BLOCK
}
