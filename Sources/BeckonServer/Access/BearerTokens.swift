import FoundationEssentials

/// The bearer tokens `beckon serve` accepts, each with its scope, read from a tokens file
/// (`--tokens FILE`) or the `BECKON_TOKENS` environment variable, both in one format:
///
/// ```
/// # who uses it: one token per line, its scope first
/// read  3q2+7w9c-dashboard-Zk1YbT0
/// write Hq8V0m_2Lr-backend-Xf7Pn4e
/// ```
///
/// A line is `read TOKEN` or `write TOKEN` (spaces or tabs between); blank lines and lines
/// starting with `#` are ignored; in the environment variable, entries may also be separated by
/// `,`. A token is at least 16 characters of RFC 6750's token alphabet (letters, digits,
/// `-._~+/`, then optional `=`). A `read` token may ask for answers (GET, HEAD, and batches of
/// reads), a `write` token for everything. A token is never printed: errors name the file and
/// line, never the text.
public struct BearerTokens: Sendable {
    /// What a token allows.
    public enum Scope: String, Sendable, Comparable {
        /// Answers only: GET and HEAD under `/v1/`, and batches of reads.
        case read
        /// Everything: reads, and the operations that record (POST, PUT, DELETE).
        case write

        public static func < (lhs: Scope, rhs: Scope) -> Bool { lhs == .read && rhs == .write }
    }

    /// The fewest characters a token may have.
    public static let minimumLength = 16

    private struct Entry: Sendable {
        let bytes: [UInt8]
        let scope: Scope
    }

    private let entries: [Entry]

    /// How many tokens there are.
    public var count: Int { entries.count }

    /// Whether no token is configured (then the server asks for none).
    public var isEmpty: Bool { entries.isEmpty }

    /// No tokens.
    public init() { entries = [] }

    /// The tokens in `text`, in the format above; `source` names where the text comes from in
    /// errors (a file's path, or `BECKON_TOKENS`).
    public init(parsing text: String, source: String, commaSeparated: Bool = false) throws(TokensError) {
        var entries: [Entry] = []
        var lineNumber = 0
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || (commaSeparated && $0 == ",") }
        for rawLine in lines {
            lineNumber += 1
            var line = Substring(rawLine)
            while let first = line.first, Self.isBlank(first) { line.removeFirst() }
            while let last = line.last, Self.isBlank(last) { line.removeLast() }
            if line.isEmpty || line.first == "#" { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let place = "\(source):\(lineNumber)"
            guard words.count == 2 else {
                throw TokensError(.malformed, "\(place): expected 'read TOKEN' or 'write TOKEN' (\(words.count) words)")
            }
            guard let scope = Scope(rawValue: String(words[0])) else {
                throw TokensError(.malformed, "\(place): the scope must be 'read' or 'write'")
            }
            let token = words[1]
            guard Self.isWellFormed(token) else {
                throw TokensError(.malformed, "\(place): a token is at least \(Self.minimumLength) characters of A-Z a-z 0-9 - . _ ~ + / (then optional =)")
            }
            let bytes = Array(token.utf8)
            if entries.contains(where: { $0.bytes == bytes }) {
                throw TokensError(.malformed, "\(place): this token is listed twice")
            }
            entries.append(Entry(bytes: bytes, scope: scope))
        }
        self.entries = entries
    }

    /// The tokens of the file at `path` (exit 66 when it cannot be read, 64 when malformed).
    public static func load(file path: String) throws(TokensError) -> BearerTokens {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TokensError(.unreadable, "\(path): the tokens file cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TokensError(.malformed, "\(path): the tokens file is not UTF-8")
        }
        return try BearerTokens(parsing: text, source: path)
    }

    /// The scope of `token`, or nil when it is not one of these. Every configured token is
    /// compared in full whatever the input, so the time taken does not say how much matched.
    public func scope(of token: some StringProtocol) -> Scope? {
        let candidate = Array(token.utf8)
        var found: Scope?
        for entry in entries where Self.constantTimeEqual(entry.bytes, candidate) {
            found = entry.scope
        }
        return found
    }

    /// Whether `a` and `b` are equal, comparing every byte of the longer one.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | (a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    /// Whether a character is a space, a tab or a carriage return.
    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" || character == "\r" }

    /// Whether `token` has RFC 6750's `b64token` form and the minimum length.
    static func isWellFormed(_ token: some StringProtocol) -> Bool {
        guard token.utf8.count >= minimumLength else { return false }
        var seenPadding = false
        for byte in token.utf8 {
            if byte == UInt8(ascii: "=") { seenPadding = true; continue }
            if seenPadding { return false }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                continue
            default:
                return false
            }
        }
        return true
    }
}

/// Why the tokens could not be read: the file is unreadable (exit 66) or malformed (exit 64).
/// The message names the file and line, never a token.
public struct TokensError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable {
        /// The file cannot be read (sysexits' EX_NOINPUT, 66).
        case unreadable
        /// A line is not `read TOKEN` or `write TOKEN` (EX_USAGE, 64: an option's file is wrong).
        case malformed
    }

    public let kind: Kind
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// The exit code of `beckon serve` when its tokens are wrong at start.
    public var exitCode: Int32 { kind == .unreadable ? 66 : 64 }
}
