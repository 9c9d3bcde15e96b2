/// The SHA-256 of a file as the system's `sha256sum` prints it: a witness of Beckon's own digest
/// that does not share its code.
public func sha256sum(_ path: String) throws -> String {
    let (status, output) = try ProcessRunner.combined("sha256sum", [path])
    guard status == 0, output.utf8.count >= 64 else { throw TestSupportFailure("sha256sum \(path): \(output)") }
    return String(output.prefix(64))
}
