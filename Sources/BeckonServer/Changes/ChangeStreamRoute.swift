import BeckonRuntime
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /v1/subjects/{subject}/changes`: a Server-Sent Events stream (`text/event-stream`) of
/// the subject's `changed` events (`ChangeNotifier`), for clients that would otherwise poll:
///
/// ```text
/// retry: 2000
///
/// id: 7
/// event: changed
/// data: {"groups":["onboarding"],"parameters":[],"scenarios":[],"subject":"ada","tips":["favorite-landmark"],"whatsNew":false,"why":"write"}
///
/// : keep-alive
/// ```
///
/// A client reconnecting sends `Last-Event-ID` and gets the events it missed, or one `resync`
/// event. A comment `: keep-alive` is written every `BeckonServer.keepAliveInterval`, which also
/// finds connections the client closed (the subscriber is then removed). The stream ends when
/// the server shuts down gracefully.
struct ChangeStreamRoute: Sendable {
    let server: BeckonServer

    /// The most characters a `Last-Event-ID` may have (the document's `maxLength`): the ids
    /// this server sends are decimal `UInt64`s, far shorter; a longer one is a `usage` problem
    /// rather than an id that silently never matches.
    static let lastEventIDLimit = 64

    /// The `Last-Event-ID` header's value (nil: none), or a `usage` problem when it is longer
    /// than `lastEventIDLimit`.
    static func lastEventID(_ value: String?) throws(Problem) -> String? {
        guard let value, value.unicodeScalars.count > lastEventIDLimit else { return value }
        throw Problem(.usage, "Last-Event-ID has \(value.unicodeScalars.count) characters; at most \(lastEventIDLimit) are accepted")
    }

    func stream(_ request: Request, _ context: BasicRequestContext) -> Response {
        let subject: String
        let lastEventID: String?
        do throws(Problem) {
            subject = try ServerRoutes.subject(context)
            if let member = request.uri.queryParameters.first?.key {
                throw Problem(.usage, "the change stream takes no query member ('\(member)')")
            }
            lastEventID = try Self.lastEventID(request.headers.first { $0.name.canonicalName == "last-event-id" }?.value)
        } catch {
            return ServerRoutes.problem(error)
        }
        let server = self.server
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let notifier = server.changeNotifier
                let subscription = notifier.subscribe(subject, lastEventID: lastEventID, server: server)
                defer { notifier.unsubscribe(subject, subscription.id) }
                let keepAlive = Task { [interval = server.keepAliveInterval, continuation = subscription.continuation] in
                    while true {
                        do { try await Task.sleep(for: interval) } catch { return }
                        continuation.yield(ByteBuffer(string: ": keep-alive\n\n"))
                    }
                }
                defer { keepAlive.cancel() }
                try await withGracefulShutdownHandler {
                    for await frame in subscription.frames {
                        try await writer.write(frame)
                    }
                } onGracefulShutdown: {
                    subscription.continuation.finish()
                }
                try await writer.finish(nil)
            })
    }
}
