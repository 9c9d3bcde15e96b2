import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A client of one Server-Sent Events stream over a real socket, with an HTTP client of its own
/// (closing it closes the connection, as a client that goes away does).
final class EventStreamClient: @unchecked Sendable {  // used by one task at a time
    /// One block of the stream: an event (`id`, `event`, `data`), a `retry:` hint or a comment.
    struct Frame: Equatable {
        var text: String

        /// The value of a field (`id`, `event`, `data`, `retry`), if the frame has it.
        func field(_ name: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }

        var isKeepAlive: Bool { text == ": keep-alive" }
        var isEvent: Bool { field("event") != nil }

        /// The event's data as a JSON object.
        var data: [String: Any] {
            guard let data = field("data") else { return [:] }
            return (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
        }
    }

    let status: Int
    let contentType: String?
    private let client: HTTPClient
    /// Closes the connection at the deadline (the client's own deadline ends with the response's head).
    private let watchdog: Task<Void, Never>
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private var pending = ""

    /// Opens `GET path` (with `Last-Event-ID` when given). The stream's whole life is limited
    /// to `deadline` seconds, so that a test waiting for an event that never comes fails.
    init(port: Int, path: String, lastEventID: String? = nil, deadline: Int64 = 30) async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        self.client = client
        watchdog = Task {
            guard (try? await Task.sleep(for: .seconds(deadline))) != nil else { return }
            try? await client.shutdown()
        }
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        do {
            let response = try await client.execute(request, timeout: .seconds(deadline))
            status = Int(response.status.code)
            contentType = response.headers["content-type"].first
            iterator = response.body.makeAsyncIterator()
        } catch {
            watchdog.cancel()
            try? await client.shutdown()
            throw error
        }
    }

    /// The next frame; nil when the stream ended.
    func next() async throws -> Frame? {
        while true {
            if let end = pending.range(of: "\n\n") {
                let frame = Frame(text: String(pending[..<end.lowerBound]))
                pending.removeSubrange(..<end.upperBound)
                return frame
            }
            guard let buffer = try await iterator.next() else { return nil }
            pending += String(buffer: buffer)
        }
    }

    /// The next event, skipping keep-alives and hints; nil when the stream ended.
    func nextEvent() async throws -> Frame? {
        while let frame = try await next() {
            if frame.isEvent { return frame }
        }
        return nil
    }

    /// Closes the connection.
    func close() async {
        watchdog.cancel()
        try? await client.shutdown()
    }
}
