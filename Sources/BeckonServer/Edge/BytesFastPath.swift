import BeckonRuntime
import HTTPTypes
import NIOCore
import NIOHTTP1

/// First in a connection's pipeline, before the HTTP parser: answers the requests
/// `EventLoopTipStatus` answers (its `Answerer`: tip status, OFREP evaluations) straight from the
/// bytes read, and writes each answer as the bytes NIO's encoder would write, so that the
/// requests hosts send most pass through no parser, codec or handler between: 40 % fewer
/// instructions a tip status request than answered after the parser
/// (`Benchmarks/serve/instructions.sh`, `Docs/benchmarks.md`).
///
/// A connection starts out answered here and stays so while every read holds whole requests
/// (`WholeRequest`) the answerer answers, the channel writable. At the first read that does not
/// (a request of another kind, a partial one, a client that does not read its answers), that
/// read's unanswered bytes and every later read go to the parser for the rest of the
/// connection's life: the parser has begun, and it alone knows where its requests end. Answers
/// leave in the order their requests came, as the parser's never started before.
///
/// The connection's timeouts (`ConnectionTimeouts`) are told of every read: whole requests
/// answered here leave it between requests, active now; bytes passed on are timed as a head.
final class BytesFastPath: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let answerer: EventLoopTipStatus.Answerer
    private let timeouts: ConnectionTimeouts
    /// The longest head read here (longer ones are the parser's, with its limit).
    private let maxHeadBytes: Int
    /// Whether every byte read so far held whole requests answered here.
    private var answering = true

    init(answerer: EventLoopTipStatus.Answerer, timeouts: ConnectionTimeouts, maxHeadBytes: Int) {
        self.answerer = answerer
        self.timeouts = timeouts
        self.maxHeadBytes = maxHeadBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard answering else { return timeouts.bytesArrived { context.fireChannelRead(data) } }
        var bytes = unwrapInboundIn(data)
        var answered = false
        while bytes.readableBytes > 0, context.channel.isWritable, let answer = answer(&bytes) {
            context.write(wrapOutboundOut(Self.bytes(of: answer, allocator: context.channel.allocator)), promise: nil)
            answered = true
        }
        if answered {
            context.flush()
            timeouts.requestsAnsweredWhole()
        }
        guard bytes.readableBytes > 0 else { return }
        answering = false
        timeouts.bytesArrived { context.fireChannelRead(wrapInboundOut(bytes)) }
    }

    /// The end of a round of reads reaches the handlers after only once they were passed bytes:
    /// before, none has anything to do with it (the parser holds nothing, the async channel has
    /// nothing to deliver), and passing it through them cost about 10 % of a request answered here.
    ///
    /// Until then the next read is asked for here, too. Otherwise the channel asks for it at the
    /// pipeline's tail (`autoRead`, which Beckon's pipeline keeps on), and the request travels
    /// through every outbound handler behind this one, none of which has anything to do with it
    /// yet: the async channel, the only one that may hold reads back, holds nothing to be
    /// read. Asked for here, it is pending when the channel would ask, which then does not: the
    /// tail's request cost 2.5k instructions of a tip status, this one 1.0k
    /// (`Benchmarks/serve/instructions.sh`).
    func channelReadComplete(context: ChannelHandlerContext) {
        if answering {
            context.read()
        } else {
            context.fireChannelReadComplete()
        }
    }

    /// The answer to the whole request at the start of `bytes`, read past it; nil (and `bytes`
    /// as they were) when there is none or it is not answered here.
    private func answer(_ bytes: inout ByteBuffer) -> AnswerParts? {
        guard let request = WholeRequest(bytes, maxHeadBytes: maxHeadBytes, maxBodyBytes: answerer.maxBodyBytes),
              answerer.mayAnswer(request.head),
              let answer = answerer.answer(request.head, request.body) else { return nil }
        bytes.moveReaderIndex(forwardBy: request.length)
        return answer
    }

    /// The bytes NIO's `HTTPResponseEncoder` writes after `HTTP1ToHTTPServerCodec` for
    /// `answer.head` and its body: HTTP/1.1, the status with NIO's reason phrase, the fields in
    /// their order (`Content-Length` only for a status that may have a body), the body.
    static func bytes(of answer: AnswerParts, allocator: ByteBufferAllocator) -> ByteBuffer {
        let status = HTTPResponseStatus(statusCode: answer.status.code, reasonPhrase: answer.status.reasonPhrase)
        // Gathered and written to the buffer at once: a `ByteBuffer` write a piece costs more
        // than the copy; in a buffer the thread reuses.
        return ByteOutput.withReusable { head in
            head.append("HTTP/1.1 ")
            head.append(Int64(status.code))
            head.append(" ")
            head.appendUnescaped(status.reasonPhrase)
            head.append("\r\n")
            // The route's fields in `AnswerParts.fields`' order, written from what they mean: lines
            // made once, and the tag's digits written in place.
            if answer.isJSON { Self.jsonContentTypeLine.withUnsafeBufferPointer { head.append($0) } }
            if let eTag = answer.eTag {
                writeLine(of: .eTag, to: &head) { head in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: AnswerETag.headerLength) { bytes in
                        eTag.writeHeader(to: bytes)
                        head.append(UnsafeBufferPointer(bytes))
                    }
                }
            }
            if answer.variesByLanguage { Self.varyLine.withUnsafeBufferPointer { head.append($0) } }
            for added in AnswerParts.AddedField.inRoutersOrder {
                switch added {
                case .contentLength:
                    // As NIO's encoder: no length for a status that has no body; the number written
                    // with no `String` made of it.
                    guard status.mayHaveResponseBody else { continue }
                    writeLine(of: .contentLength, to: &head) { $0.append(Int64(answer.body.readableBytes)) }
                case .date:
                    // Lines made once (a second, for the date), with no field copied out to be read.
                    HTTPDate.line.withUnsafeBufferPointer { head.append($0) }
                case .server:
                    Self.serverLine.withUnsafeBufferPointer { head.append($0) }
                }
            }
            head.append("\r\n")
            var buffer = allocator.buffer(capacity: head.count + answer.body.readableBytes)
            head.withBytes { _ = buffer.writeBytes($0) }
            buffer.writeImmutableBuffer(answer.body)
            return buffer
        }
    }

    /// `ServerRoutes.serverField`'s line, made once.
    private static let serverLine = line(of: ServerRoutes.serverField)
    /// `AnswerParts.jsonContentTypeField`'s line, made once.
    private static let jsonContentTypeLine = line(of: AnswerParts.jsonContentTypeField)
    /// `AnswerParts.varyField`'s line, made once.
    private static let varyLine = line(of: AnswerParts.varyField)

    /// A field's line in a head (`Name: value` and CRLF), for a field written on many answers.
    static func line(of field: HTTPField) -> [UInt8] {
        var line = ByteOutput(capacity: 64)
        // The value's bytes as stored: `value` makes a `String` of them.
        writeLine(of: field.name, to: &line) { line in field.withUnsafeBytesOfValue { line.append($0) } }
        return line.withBytes { Array($0) }
    }

    /// A field's line in a head: `Name: `, the value `writeValue` appends, CRLF.
    @inline(__always)
    private static func writeLine(of name: HTTPField.Name, to head: inout ByteOutput, value writeValue: (inout ByteOutput) -> Void) {
        head.appendUnescaped(name.rawName)
        head.append(": ")
        writeValue(&head)
        head.append("\r\n")
    }
}
