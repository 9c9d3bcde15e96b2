import Foundation

extension ProcessRunner {
    /// Runs `program` to its end with its output and error discarded, through posix_spawn and
    /// waitpid: for `pg_ctl start`, which leaves a daemon behind, and whose end `Process` was
    /// seen to miss (the child left a zombie, the wait never returned). The child inherits no
    /// descriptor but those three: the daemon would keep every one the suite had open at the
    /// time (pipes, sockets), and with enough of them PostgreSQL refused to start ("insufficient
    /// file descriptors available to start server process", seen once in CI).
    public static func runDetached(_ program: String, _ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard let closeFrom = addCloseFrom else {
            throw PostgresServer.Failure(description: "this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34)")
        }
        let closing = closeFrom(&actions, 3)
        guard closing == 0 else { throw PostgresServer.Failure(description: "posix_spawn_file_actions_addclosefrom_np: \(String(cString: strerror(closing)))") }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw PostgresServer.Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgresServer.Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34: every descriptor from the one
    /// given closed in the child), which Swift's Glibc module does not import: found by name.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
