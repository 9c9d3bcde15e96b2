import Glibc
// `timespec`'s fields, once NIO's HTTP modules are in the target too (a release build asks for it).
import SwiftOverlayShims
#if canImport(CNIOLinux)
// `stat`'s members belong to whichever C module first read <sys/stat.h>: in some builds NIO's
// CNIOLinux (which the server links through NIO), and MemberImportVisibility then asks for it by
// name. Imported here so that every build order compiles.
import CNIOLinux
#endif

/// What tells one version of a file from another without reading it: its device, inode, size
/// and modification time in nanoseconds. An edit in place changes the size or the time; a
/// replacement by rename (as editors and deploy tools do) changes the inode.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedNanoseconds: Int64

    /// The identity of the file at `path` (following symbolic links, as the configuration is
    /// read), or nil when there is none to read.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modifiedNanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: Int64, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }
}

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
