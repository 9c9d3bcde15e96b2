/// Diagnostics collected by a phase that keeps going after a problem, in the order users read them.
public struct DiagnosticList: Sendable {
    /// How many diagnostics are shown before the rest are summarised as a count.
    public static let defaultCap = 100

    /// Everything collected, in insertion order.
    public private(set) var all: [Diagnostic] = []

    /// Creates an empty list.
    public init() {}

    /// Adds one diagnostic.
    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    /// Adds several diagnostics.
    public mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        all.append(contentsOf: diagnostics)
    }

    /// Adds an error.
    public mutating func error(_ code: String, _ message: String, at span: SourceSpan, notes: [String] = []) {
        all.append(.error(code, message, at: span, notes: notes))
    }

    /// Adds a warning.
    public mutating func warning(_ code: String, _ message: String, at span: SourceSpan, notes: [String] = []) {
        all.append(.warning(code, message, at: span, notes: notes))
    }

    /// Whether any collected diagnostic is an error.
    public var hasErrors: Bool { all.containsErrors }

    /// The number of errors collected.
    public var errorCount: Int { all.count { $0.severity == .error } }

    /// The diagnostics sorted by file (in the given order of files, others after by name), then
    /// line and column; identical duplicates removed.
    public func sorted(fileOrder: [String] = []) -> [Diagnostic] {
        var rank: [String: Int] = [:]
        for (index, file) in fileOrder.enumerated() where rank[file] == nil { rank[file] = index }
        var seen = Set<Diagnostic>()
        let unique = all.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { lhs, rhs in
            let a = lhs.element.span, b = rhs.element.span
            let rankA = rank[a.file] ?? Int.max, rankB = rank[b.file] ?? Int.max
            if rankA != rankB { return rankA < rankB }
            if a.file != b.file { return a.file < b.file }
            if a.start != b.start { return a.start < b.start }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

/// The one error the API edge throws when a phase found problems: it carries all of them.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, sorted for reading.
    public var diagnostics: [Diagnostic]
    /// The source texts the diagnostics point into, for rendering excerpts.
    public var sources: SourceTexts

    /// Creates the error.
    public init(diagnostics: [Diagnostic], sources: SourceTexts = SourceTexts()) {
        self.diagnostics = diagnostics
        self.sources = sources
    }

    public var description: String {
        DiagnosticRenderer(sources: sources).render(diagnostics)
    }
}
