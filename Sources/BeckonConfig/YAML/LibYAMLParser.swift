internal import CYAML
import BeckonDiagnostics

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
final class LibYAMLParser {
    private var parser = yaml_parser_t()
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var finished = false

    init(bytes: [UInt8]) {
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    /// The next event with its start and end (1-based), or the syntax error that stopped parsing.
    func next() -> Result<(YAMLEvent, SourcePosition, SourcePosition), YAMLSyntaxError> {
        guard !finished else { return .success((.streamEnd, .start, .start)) }
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) != 0 else {
            finished = true
            return .failure(currentError())
        }
        defer { yaml_event_delete(&event) }
        let start = Self.location(event.start_mark)
        let end = Self.location(event.end_mark)
        let converted: YAMLEvent?
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            converted = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            converted = .documentEnd
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = Self.string(scalar.value, length: scalar.length) ?? ""
            converted = .scalar(text: text, style: Self.style(scalar.style),
                                anchor: Self.string(scalar.anchor), tag: Self.string(scalar.tag))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            converted = .sequenceStart(anchor: Self.string(sequence.anchor), tag: Self.string(sequence.tag))
        case YAML_SEQUENCE_END_EVENT:
            converted = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            converted = .mappingStart(anchor: Self.string(mapping.anchor), tag: Self.string(mapping.tag))
        case YAML_MAPPING_END_EVENT:
            converted = .mappingEnd
        case YAML_ALIAS_EVENT:
            converted = .alias(anchor: Self.string(event.data.alias.anchor) ?? "")
        case YAML_STREAM_END_EVENT:
            finished = true
            converted = .streamEnd
        default:
            converted = nil  // stream start and empty events carry nothing for the tree
        }
        guard let converted else { return next() }
        return .success((converted, start, end))
    }

    private func currentError() -> YAMLSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { (text: String(cString: $0), location: Self.location(parser.context_mark)) }
        return YAMLSyntaxError(problem: problem, location: Self.location(parser.problem_mark), context: context)
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
