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
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { $1 } }
        if let explicit = event.metadata, !explicit.isEmpty { merged.merge(explicit) { $1 } }
        var line = output.timestamp()
        line += " \(event.level) \(label):"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        line += " [\(event.source)] \(event.message)\n"
        output.write(line, now: event.level >= .warning)
    }
}
