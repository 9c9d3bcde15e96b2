internal import CYAML
import BeckonDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libyaml event, copied out of C memory so that no C type leaves this file.
enum YAMLEvent {
    case documentStart
    case documentEnd
    case scalar(text: String, style: YAMLNode.ScalarStyle, anchor: String?, tag: String?)
    case sequenceStart(anchor: String?, tag: String?)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?)
    case mappingEnd
    case alias(anchor: String)
    case streamEnd
}

/// A libyaml syntax error with its 1-based position.
struct YAMLSyntaxError: Error {
    /// libyaml's description of the problem ("found unexpected end of stream").
    var problem: String
    var location: SourcePosition
    /// What libyaml was reading ("while scanning a quoted scalar") and where that construct began.
    var context: (text: String, location: SourcePosition)?
}

/// Owns one libyaml parser and the bytes it reads: created in `init`, freed in `deinit`.
///
/// A large document is parsed ahead on a thread of its own (`concurrently`), which hands libyaml's
/// events over in batches: the events and their order are the same, only the time overlaps with
/// the caller's work on them.
final class LibYAMLParser {
    /// Held by pointer: a stored C struct passed `&parser` would be checked for exclusive access
    /// on every event.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var finished = false
    /// The events parsed ahead, and the thread parsing them, when parsing concurrently: libyaml's
    /// events as it returns them (each deleted once read), plain C structs copied in and out of
    /// batches without reference counting. A parse that fails ends its stream with an empty event
    /// (`YAML_NO_EVENT`) and leaves the error in `failure`.
    private var pipe: BatchPipe<yaml_event_t>?
    private var thread: pthread_t?
    private let failure = Failure()

    /// The error that ended parsing ahead: set by the parsing thread before it pushes its last
    /// batch, read by the reader once it has popped that batch's last event (the pipe's lock
    /// orders the two).
    private final class Failure: @unchecked Sendable {
        var error: YAMLSyntaxError?
    }

    /// The parser, the pipe and the failure, handed to the parsing thread (which alone uses the
    /// parser until it is joined).
    private struct Producer: @unchecked Sendable {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        let pipe: BatchPipe<yaml_event_t>
        let failure: Failure
    }

    /// Events handed over at once, and batches waiting at most.
    private static let batchSize = 1024
    private static let queuedBatches = 16

    init(bytes: [UInt8], concurrently: Bool = false) {
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        if concurrently {
            let producer = Producer(parser: parser, pipe: BatchPipe(capacity: Self.queuedBatches), failure: failure)
            if let thread = ChunkThreads.start({ Self.produce(producer) }) {
                pipe = producer.pipe
                self.thread = thread
            }
        }
    }

    deinit {
        if let pipe, let thread {
            let unread = pipe.cancel()
            pthread_join(thread, nil)
            for var event in unread { yaml_event_delete(&event) }
        }
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event with its start and end (1-based), or the syntax error that stopped parsing.
    func next() -> Result<(YAMLEvent, SourcePosition, SourcePosition), YAMLSyntaxError> {
        while !finished {
            var event = yaml_event_t()
            if let pipe {
                event = pipe.pop()
                // Only a failure ends the stream with an empty event (nothing follows a failure,
                // and libyaml returns none before the stream's end).
                if event.type == YAML_NO_EVENT, let error = failure.error {
                    finished = true
                    return .failure(error)
                }
            } else if yaml_parser_parse(parser, &event) == 0 {
                finished = true
                return .failure(Self.currentError(parser))
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { finished = true }
            if let converted = Self.convert(event) { return .success(converted) }
        }
        return .success((.streamEnd, .start, .start))
    }

    /// Parses every event into the pipe, in batches, until the end, an error or a cancel.
    private static func produce(_ producer: Producer) {
        var batch: [yaml_event_t] = []
        batch.reserveCapacity(batchSize)
        while true {
            var event = yaml_event_t()
            let isLast: Bool
            if yaml_parser_parse(producer.parser, &event) != 0 {
                isLast = event.type == YAML_STREAM_END_EVENT
            } else {
                producer.failure.error = currentError(producer.parser)
                event = yaml_event_t()  // YAML_NO_EVENT, owning nothing: the failure's place
                isLast = true
            }
            batch.append(event)
            guard isLast || batch.count == batchSize else { continue }
            guard producer.pipe.push(batch) else {
                for var event in batch { yaml_event_delete(&event) }
                return
            }
            if isLast { return }
            batch = []
            batch.reserveCapacity(batchSize)
        }
    }

    /// The event copied out of C memory, or nil for one that carries nothing for the tree.
    private static func convert(_ event: yaml_event_t) -> (YAMLEvent, SourcePosition, SourcePosition)? {
        let start = location(event.start_mark)
        let end = location(event.end_mark)
        let converted: YAMLEvent
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            converted = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            converted = .documentEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = string(scalar.value, length: scalar.length) ?? ""
            converted = .scalar(text: text, style: style(scalar.style), anchor: string(scalar.anchor), tag: string(scalar.tag))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            converted = .sequenceStart(anchor: string(sequence.anchor), tag: string(sequence.tag))
        case YAML_SEQUENCE_END_EVENT:
            converted = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            converted = .mappingStart(anchor: string(mapping.anchor), tag: string(mapping.tag))
        case YAML_MAPPING_END_EVENT:
            converted = .mappingEnd
        case YAML_ALIAS_EVENT:
            converted = .alias(anchor: string(event.data.alias.anchor) ?? "")
        case YAML_STREAM_END_EVENT:
            converted = .streamEnd
        default:
            return nil  // stream start and empty events carry nothing for the tree
        }
        return (converted, start, end)
    }

    private static func currentError(_ parser: UnsafeMutablePointer<yaml_parser_t>) -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = state.context.map { (text: String(cString: $0), location: location(state.context_mark)) }
        return YAMLSyntaxError(problem: problem, location: location(state.problem_mark), context: context)
    }

    private static func location(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
        guard let pointer else { return nil }
        let count = length ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
