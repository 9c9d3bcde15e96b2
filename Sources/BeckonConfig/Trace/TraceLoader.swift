public import BeckonCore
public import BeckonDiagnostics

/// Loads a trace file for `beckon simulate`, checking every step against a configuration:
/// unknown keys (with "did you mean"), instants, durations, undeclared ids and values of the wrong
/// type are all reported at once, each at its line and column.
public struct TraceLoader: Sendable {
    /// The configuration the trace's ids and values are checked against.
    public var configuration: Configuration

    /// Creates a loader for traces run against `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Loads the trace at `path`.
    ///
    /// - Throws: `TraceLoadError.unreadable` when the file cannot be read, and `.invalid` with every
    ///   diagnostic (sorted) when the trace has errors.
    public func load(path: String) throws(TraceLoadError) -> LoadedTrace {
        switch FileBytes.read(path, maxBytes: YAMLLimits.maxFileBytes) {
        case .failure(.unreadable(let reason)):
            throw .unreadable(path: path, reason: reason)
        case .failure(.tooLarge(let bytes)):
            let message = "'\(path)' is \(bytes / 1_048_576) MiB or more; a trace may be at most \(YAMLLimits.maxFileBytes / 1_048_576) MiB"
            throw .invalid(DiagnosticsError(diagnostics: [.error("config.fileTooLarge", message, at: .wholeFile(path))]))
        case .success(let bytes):
            return try load(bytes: bytes, path: path)
        }
    }

    /// Loads a trace from YAML text; `path` names it in diagnostics.
    public func load(yaml text: String, path: String) throws(TraceLoadError) -> LoadedTrace {
        try load(bytes: Array(text.utf8), path: path)
    }

    private func load(bytes: [UInt8], path: String) throws(TraceLoadError) -> LoadedTrace {
        var sources = SourceTexts()
        sources.add(file: path, text: String(decoding: bytes, as: UTF8.self))
        var diagnostics = DiagnosticList()
        let (root, yamlDiagnostics) = YAMLDocumentReader(file: path).read(bytes)
        diagnostics.append(contentsOf: yamlDiagnostics)
        var trace: Trace?
        if let root {
            var reader = TraceReader(file: path, configuration: configuration)
            trace = reader.read(root: root)
            diagnostics.append(contentsOf: reader.reader.diagnostics.all)
        } else if yamlDiagnostics.isEmpty {
            diagnostics.error("config.empty", "the trace is empty; it needs at least 'steps:'", at: .wholeFile(path))
        }
        let sorted = diagnostics.sorted(fileOrder: [path])
        guard let trace, !sorted.containsErrors else {
            throw .invalid(DiagnosticsError(diagnostics: sorted, sources: sources))
        }
        return LoadedTrace(trace: trace, sources: sources)
    }
}

/// A trace that loaded without errors.
public struct LoadedTrace: Sendable {
    /// The trace, every step resolved.
    public var trace: Trace
    /// The trace's text, for rendering diagnostics that point into it (a step the engine refused).
    public var sources: SourceTexts
}

/// Why a trace did not load.
public enum TraceLoadError: Error, Sendable {
    /// The file cannot be read (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The trace has errors; the error carries all diagnostics.
    case invalid(DiagnosticsError)
}
