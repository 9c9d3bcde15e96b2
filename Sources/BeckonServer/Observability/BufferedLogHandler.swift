import BeckonRuntime
public import Logging

/// Log lines as swift-log's `StreamLogHandler` writes them (`TIME LEVEL LABEL: KEY=VALUE … [SOURCE]
/// MESSAGE`, metadata sorted by key), written through a `LogOutput` rather than one `write` and
/// one flush per line: the access log's line per request costs a few microseconds instead of a
/// system call and a time zone lookup each. Warnings and errors are written at once.
public struct BufferedLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput

    /// A handler for the logger `label`, writing to `output`.
    public init(label: String, output: LogOutput, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.output = output
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // The handler's, then the provider's, then the event's own (each over the one before);
        // the access line's is the event's alone, taken as it is rather than merged into a copy.
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { $1 } }
        if let explicit = event.metadata, !explicit.isEmpty {
            if merged.isEmpty { merged = explicit } else { merged.merge(explicit) { $1 } }
        }
        write(level: event.level, source: event.source, message: event.message.description) { line in
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                line.append(" ")
                line.appendUnescaped(key)
                line.append("=")
                line.appendUnescaped(value.description)
            }
        }
    }

    /// Whether `log(event:)` writes an event's own metadata alone: the handler has none of its
    /// own and no provider to add any.
    public var writesEventMetadataAlone: Bool { metadata.isEmpty && metadataProvider == nil }

    /// Writes the line `log(event:)` writes for an event of `level`, `source` and `message`
    /// whose metadata `writeFields` appends, each ` KEY=VALUE` in key order. `ObservationMiddleware`
    /// writes its access lines so, when `writesEventMetadataAlone`: without a `LogEvent`, a
    /// metadata dictionary, a sort, or a `String` a value.
    func write(level: Logger.Level, source: String, message: String, fields writeFields: (inout ByteOutput) -> Void) {
        // Built as bytes: `String.append` looks for a grapheme joined across each seam (~0.3 k
        // instructions an append), and an interpolated enum (`level`) is described by
        // reflection; together they cost more than the rest of a request's answer. In a buffer
        // the thread reuses.
        ByteOutput.withReusable { line in
            line.appendUnescaped(output.timestamp())
            line.append(" ")
            line.appendUnescaped(level.rawValue)
            line.append(" ")
            line.appendUnescaped(label)
            line.append(":")
            writeFields(&line)
            line.append(" [")
            line.appendUnescaped(source)
            line.append("] ")
            line.appendUnescaped(message)
            line.append("\n")
            line.withBytes { output.write(utf8: $0, now: level >= .warning) }
        }
    }
}
