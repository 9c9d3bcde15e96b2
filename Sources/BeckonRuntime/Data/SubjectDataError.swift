public import BeckonCore

/// Why a data operation (export, import, erase, copy, expiry) did nothing or stopped.
public enum SubjectDataError: Error, Sendable, CustomStringConvertible {
    /// The store failed or cannot do this (a store without subject listing, erasing, restoring).
    case store(StoreError)
    /// A file could not be read or written.
    case file(path: String, message: String, missing: Bool)
    /// An import file has bad lines (the first ones kept, `count` in all); nothing was written.
    case badLines([SubjectDataLineError], count: Int)
    /// An import would overwrite subjects that differ from the file's (`count` in all, the
    /// first ones named); nothing was written. `--replace` overwrites them.
    case refused([String], count: Int)
    /// The operation needs a setting the configuration lacks.
    case notConfigured(String)

    /// How many faults an error lists before it only counts them.
    public static let listedFaults = 20

    public var description: String {
        switch self {
        case .store(let error): return error.message
        case .file(let path, let message, _): return "\(path): \(message)"
        case .badLines(let errors, let count):
            let more = count > errors.count ? "\n… and \(count - errors.count) more" : ""
            return "\(count) bad line\(count == 1 ? "" : "s"), nothing imported:\n" + errors.map(\.description).joined(separator: "\n") + more
        case .refused(let subjects, let count):
            let more = count > subjects.count ? " and \(count - subjects.count) more" : ""
            return "\(count) subject\(count == 1 ? "" : "s") already stored with other data, nothing imported (--replace overwrites them): "
                + subjects.map { "'\($0)'" }.joined(separator: ", ") + more
        case .notConfigured(let message): return message
        }
    }

    /// The CLI's exit status: 69 for the store, 66 for a missing file, 65 for bad input or a
    /// missing setting.
    public var exitCode: Int32 {
        switch self {
        case .store(let error): error.kind == .invalidData ? 65 : 69
        case .file(_, _, let missing): missing ? 66 : 65
        case .badLines, .refused, .notConfigured: 65
        }
    }
}
