public import Foundation

/// The folder a test process writes its files in, `$TMPDIR/beckon-test-run-PID`: the folders and
/// files the suites make go inside it (`newPath`, `newFolder`, `TemporaryFolder`), and it is
/// removed whole when the process exits, so that a run leaves nothing behind whether or not each
/// test removed what it made. One left by a process that did not exit (killed, crashed) is removed
/// by the next run's first use. (PostgreSQL's folders stay outside it: `PostgresServer` hands its
/// folder to the `postgres` user, and removes it itself.)
public enum TestRunFolder {
    private static let prefix = "beckon-test-run-"

    /// The run's folder, made (and its removal at exit arranged) at first use.
    public static let path: String = {
        let temporary = FileManager.default.temporaryDirectory.path
        removeFoldersOfEndedRuns(in: temporary)
        let path = temporary + "/" + prefix + String(getpid())
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { TemporaryFolder.removeAll(at: TestRunFolder.path) }
        return path
    }()

    /// A path in the run's folder that nothing has taken, named `beckon-LABEL-UUID`; nothing is made there.
    public static func newPath(_ label: String) -> URL {
        URL(fileURLWithPath: path + "/beckon-\(label)-" + UUID().uuidString)
    }

    /// A new empty folder in the run's folder, named `beckon-LABEL-UUID`.
    public static func newFolder(_ label: String) throws -> URL {
        let folder = newPath(label)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folders of runs whose process is gone.
    static func removeFoldersOfEndedRuns(in temporary: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0 && errno == ESRCH else { continue }
            TemporaryFolder.removeAll(at: temporary + "/" + name)
        }
    }
}
