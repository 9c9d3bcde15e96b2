/// The password, kept so that it can be cut out of any message before the message leaves the
/// store (libpq and the server never echo it in practice; this makes sure).
struct Secret: Sendable {
    let password: String?

    /// `text` with every occurrence of the password replaced.
    func scrub(_ text: String) -> String {
        guard let password, !password.isEmpty else { return text }
        return text.replacing(password, with: "[password]")
    }
}
