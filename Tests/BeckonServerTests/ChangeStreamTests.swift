@testable import BeckonServer
import BeckonTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// `GET /v1/subjects/{subject}/changes` over real sockets: `changed` events after writes that
/// change answers and when a `revisitAt` passes, keep-alives, `Last-Event-ID` resumption, other
/// subjects kept apart, subscribers removed when they go, streams ended on shutdown.
@Suite("beckon serve: change stream")
struct ChangeStreamTests {
    /// Opens the subject's stream and waits for its `retry:` hint (then it is subscribed).
    static func subscribe(_ client: ServedBeckon.Client, _ subject: String, lastEventID: String? = nil) async throws -> EventStreamClient {
        let stream = try await EventStreamClient(port: client.port, path: "/v1/subjects/\(subject)/changes", lastEventID: lastEventID)
        #expect(stream.status == 200)
        #expect(stream.contentType == "text/event-stream")
        let hint = try await stream.next()
        #expect(hint?.field("retry") == String(ChangeNotifier.retryMilliseconds))
        return stream
    }

    @Test func anEventArrivesAfterADonationMakesATipAvailable() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            // The group shows its tips in order: the first one closed, the second is next.
            _ = try await client.post("/v1/subjects/ada/tips/welcome/invalidate?reason=tipClosed")
            let stream = try await Self.subscribe(client, "ada")
            defer { Task { await stream.close() } }
            // The first donation changes no answer (one view of two); the second makes the tip available.
            for _ in 1...2 { #expect(try await client.post("/v1/subjects/ada/events/landmarkViewed/donate").status == 200) }
            let event = try #require(try await stream.nextEvent())
            #expect(event.field("event") == "changed")
            #expect(event.field("id").flatMap(UInt64.init) != nil)
            #expect(event.data["subject"] as? String == "ada")
            #expect(event.data["why"] as? String == "write")
            #expect(event.data["tips"] as? [String] == ["favorite-landmark"])
            #expect(event.data["groups"] as? [String] == ["onboarding"])
            // What it says is true: the tip is available now.
            #expect(try await client.get("/v1/subjects/ada/tips/favorite-landmark").object["status"] as? String == "available")
        }
    }

    @Test func otherSubjectsWritesDoNotNotify() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            let stream = try await Self.subscribe(client, "ada")
            defer { Task { await stream.close() } }
            for _ in 1...2 { _ = try await client.post("/v1/subjects/bo/events/landmarkViewed/donate") }
            _ = try await client.post("/v1/subjects/bo/tips/welcome/display")
            _ = try await client.send("PUT", "/v1/subjects/ada/parameters/plan?value=pro")
            // The first event is ada's own write: bo's three were not sent here.
            let event = try #require(try await stream.nextEvent())
            #expect(event.data["subject"] as? String == "ada")
            #expect(event.data["parameters"] as? [String] == ["plan"])
            // A batch's writes make one event.
            let batch = #"{"operations": [{"op": "donate", "id": "landmarkViewed"}, {"op": "donate", "id": "landmarkViewed"}, {"op": "tip.display", "id": "welcome"}]}"#
            #expect(try await client.post("/v1/subjects/ada/batch", body: batch).status == 200)
            let batched = try #require(try await stream.nextEvent())
            #expect((batched.data["tips"] as? [String] ?? []).contains("favorite-landmark"), "\(batched.text)")
            #expect(batched.data["subject"] as? String == "ada")
        }
    }

    /// A clock that stands still until a test moves it.
    final class TestClock: Sendable {
        private let instant: Mutex<Int64>

        init(_ instant: Int64) { self.instant = Mutex(instant) }

        var now: Int64 { instant.withLock { $0 } }

        func set(_ instant: Int64) { self.instant.withLock { $0 = instant } }
    }

    /// A tip waiting for the daily display frequency is available again at its `revisitAt`: the
    /// server's clock stands an hour before it, then moves past it.
    @Test func anEventArrivesWhenARevisitAtPasses() async throws {
        let day: Int64 = 86_400_000
        let displayed: Int64 = 1_772_355_600_000  // 2026-03-01T09:00:00Z
        let clock = TestClock(displayed + day - 3_600_000)
        try await ServedBeckon.withServer(try ServedBeckon.folder(), wallClock: { clock.now },
                                          configure: { $0.keepAliveInterval = .milliseconds(50) }) { client, _ in
            for _ in 1...2 { _ = try await client.post("/v1/subjects/cy/events/landmarkViewed/donate?now=\(displayed)") }
            _ = try await client.post("/v1/subjects/cy/tips/welcome/display?now=\(displayed)")
            let stream = try await Self.subscribe(client, "cy")
            defer { Task { await stream.close() } }
            // The other tip waits until a day after the display.
            let waiting = try await client.get("/v1/subjects/cy/tips/favorite-landmark")
            #expect(waiting.object["status"] as? String == "pending", "\(waiting.body)")
            #expect(waiting.object["revisitAt"] as? String == "2026-03-02T09:00:00Z", "\(waiting.body)")
            clock.set(displayed + day)
            let event = try #require(try await stream.nextEvent())
            #expect(event.data["why"] as? String == "revisit")
            #expect(event.data["tips"] as? [String] == ["favorite-landmark"])
            #expect(try await client.get("/v1/subjects/cy/tips/favorite-landmark").object["status"] as? String == "available")
        }
    }

    @Test func keepAliveCommentsComeAtTheInterval() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder(), configure: { $0.keepAliveInterval = .milliseconds(50) }) { client, _ in
            let stream = try await Self.subscribe(client, "ada")
            defer { Task { await stream.close() } }
            for _ in 1...3 {
                let frame = try #require(try await stream.next())
                #expect(frame.isKeepAlive, "\(frame.text)")
            }
        }
    }

    @Test func lastEventIDResumesFromTheRing() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            // A first subscriber keeps the subject watched, so its ring holds every event.
            let first = try await Self.subscribe(client, "ada")
            defer { Task { await first.close() } }
            for plan in ["pro", "team", "free"] { _ = try await client.send("PUT", "/v1/subjects/ada/parameters/plan?value=\(plan)") }
            var events: [EventStreamClient.Frame] = []
            for _ in 1...3 { events.append(try #require(try await first.nextEvent())) }
            let ids = events.compactMap { $0.field("id").flatMap(UInt64.init) }
            #expect(ids.count == 3 && ids == ids.sorted() && Set(ids).count == 3, "\(ids)")

            // Resuming after the first event gives the two after it, as they were sent.
            let resumed = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes", lastEventID: String(ids[0]))
            defer { Task { await resumed.close() } }
            #expect(try await resumed.nextEvent() == events[1])
            #expect(try await resumed.nextEvent() == events[2])

            // An id the ring does not hold: one resync event.
            let lost = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes", lastEventID: "987654321")
            defer { Task { await lost.close() } }
            let resync = try #require(try await lost.nextEvent())
            #expect(resync.data["why"] as? String == "resync")
            #expect(resync.data["subject"] as? String == "ada")
            #expect(resync.field("id").flatMap(UInt64.init) == ids[2], "up to date as of the newest event")

            // Resuming at the last event: nothing replayed; the next write comes next.
            let current = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes", lastEventID: String(ids[2]))
            defer { Task { await current.close() } }
            #expect(try await current.next()?.field("retry") != nil)
            _ = try await client.send("PUT", "/v1/subjects/ada/parameters/plan?value=pro")
            let next = try #require(try await current.nextEvent())
            #expect(next.data["parameters"] as? [String] == ["plan"])
            #expect(next.field("id").flatMap(UInt64.init).map { $0 > ids[2] } == true)
        }
    }

    /// The streams' life in `theRingIsBounded`, which writes and reads more events than the ring
    /// keeps: 30 s once ran out under the whole suite's load on two cores.
    static let ringDeadline: Int64 = 120

    @Test func theRingIsBounded() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            // A subject nobody watched: a resumption is a resync, whose id starts the ring.
            let first = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes", lastEventID: "5", deadline: Self.ringDeadline)
            defer { Task { await first.close() } }
            let resync = try #require(try await first.nextEvent())
            #expect(resync.data["why"] as? String == "resync")
            let start = try #require(resync.field("id"))
            // More events than the ring keeps: the oldest is forgotten.
            let writes = ChangeNotifier.ringCapacity + 1
            for index in 0..<writes { _ = try await client.send("PUT", "/v1/subjects/ada/parameters/plan?value=plan\(index)") }
            var ids: [String] = []
            for _ in 0..<writes { ids.append(try #require(try await first.nextEvent()?.field("id"))) }
            let fromStart = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes", lastEventID: start, deadline: Self.ringDeadline)
            defer { Task { await fromStart.close() } }
            #expect(try await fromStart.nextEvent()?.data["why"] as? String == "resync")
            // The oldest event it keeps is the one after the first forgotten: resuming there replays the rest.
            let fromKept = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes", lastEventID: ids[1], deadline: Self.ringDeadline)
            defer { Task { await fromKept.close() } }
            for id in ids[2...] { #expect(try await fromKept.nextEvent()?.field("id") == id) }
        }
    }

    @Test func subscribersAreRemovedWhenTheirConnectionCloses() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder(), configure: { $0.keepAliveInterval = .milliseconds(50) }) { client, server in
            let streams = [try await Self.subscribe(client, "ada"), try await Self.subscribe(client, "ada"), try await Self.subscribe(client, "bo")]
            #expect(server.changeNotifier.subscriberCount == 3)
            #expect(server.changeNotifier.isWatched("ada") && server.changeNotifier.isWatched("bo"))
            for stream in streams { await stream.close() }
            #expect(await ServedBeckon.eventually { server.changeNotifier.subscriberCount == 0 })
            #expect(!server.changeNotifier.isWatched("ada") && !server.changeNotifier.isWatched("bo"))
        }
    }

    /// SIGTERM with a stream open: the stream ends and the process exits 0.
    @Test func shutdownEndsOpenStreams() async throws {
        let server = try ServeProcess(try ServedBeckon.folder())
        let stream = try await Self.subscribe(server.client, "ada")
        defer { Task { await stream.close() } }
        server.send(SIGTERM)
        #expect(try await stream.nextEvent() == nil, "the stream ends")
        #expect(server.waitForExit() == 0)
    }
}
