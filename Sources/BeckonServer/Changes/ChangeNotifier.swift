import BeckonCore
import BeckonRuntime
import NIOCore
import Synchronization

/// Who listens to which subject's changes (`GET /v1/subjects/{subject}/changes`), and the events
/// they get: `changed`, when an answer for the subject changed on this server, after the
/// OpenFeature remote evaluation protocol's design (a notification only: clients ask again).
///
/// An event is sent when
/// - a write this server served changed answers (`why: "write"`): a tip's status, a group's
///   current tip, a scenario's would-run (`SubjectChanges`, computed only for watched
///   subjects), a parameter set (`parameters`), or what's new recorded (`whatsNew`). A write that
///   changed no answer (a second donation that only counts) sends nothing;
/// - the subject's earliest `revisitAt` is reached on the server's clock (`why: "revisit"`):
///   a timer per watched subject, armed when its first subscriber comes and again after each
///   event;
/// - the subject's data was imported or erased as a whole (`why: "import"`, `why: "erase"`,
///   `PUT`/`DELETE /v1/subjects/{subject}/data`): an event naming nothing, as a resync's;
/// - a subscriber resumes with a `Last-Event-ID` the subject's ring does not hold (older than
///   the ring, from another server, or given after every subscriber had left): one event
///   `why: "resync"`, to that subscriber only, meaning "ask again for everything". Its id is the
///   ring's newest (or, with an empty ring, a new one the ring starts with), so that resuming
///   from it later misses nothing.
///
/// Event ids are monotonic per server. Each watched subject keeps its last `ringCapacity`
/// events, for `Last-Event-ID` resumption; a subject whose last subscriber leaves is forgotten
/// (its ring and timer too).
final class ChangeNotifier: Sendable {
    /// How many events a subject keeps for resumption.
    static let ringCapacity = 64
    /// The reconnection delay suggested to clients (`retry:`), in milliseconds.
    static let retryMilliseconds = 2000

    /// One subscriber's stream of frames (`text/event-stream` bytes).
    struct Subscription: Sendable {
        let subject: String
        let id: UInt64
        let frames: AsyncStream<ByteBuffer>
        let continuation: AsyncStream<ByteBuffer>.Continuation
    }

    /// What changed, as an event's data says it.
    struct Changed: Sendable {
        var tips: [String] = []
        var groups: [String] = []
        var scenarios: [String] = []
        var parameters: [String] = []
        var whatsNew = false

        var isEmpty: Bool { tips.isEmpty && groups.isEmpty && scenarios.isEmpty && parameters.isEmpty && !whatsNew }
    }

    private struct Watch {
        var subscribers: [UInt64: AsyncStream<ByteBuffer>.Continuation] = [:]
        var ring: [(id: UInt64, frame: ByteBuffer)] = []
        var timer: Task<Void, Never>?
    }

    private struct State {
        var nextEventID: UInt64 = 1
        var nextSubscriberID: UInt64 = 1
        var watches: [String: Watch] = [:]
    }

    private let state = Mutex(State())
    /// How many subjects are watched: when none, a write does not even take the lock.
    private let watchedSubjects = Atomic<Int>(0)

    init() {}

    /// Whether the subject has subscribers (then writes compute what they changed).
    func isWatched(_ subject: String) -> Bool {
        guard watchedSubjects.load(ordering: .relaxed) > 0 else { return false }
        return state.withLock { $0.watches[subject] != nil }
    }

    /// How many subscribers there are, over all subjects.
    var subscriberCount: Int {
        state.withLock { $0.watches.values.reduce(0) { $0 + $1.subscribers.count } }
    }

    /// Subscribes to `subject`'s events. The stream starts with the `retry:` hint, then, with a
    /// `lastEventID`, the ring's events after it or one `resync` event.
    func subscribe(_ subject: String, lastEventID: String?, server: BeckonServer) -> Subscription {
        let (frames, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(Self.ringCapacity * 2))
        let (id, needsTimer) = state.withLock { state in
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            var watch = state.watches[subject] ?? Watch()
            if watch.subscribers.isEmpty { watchedSubjects.add(1, ordering: .relaxed) }
            watch.subscribers[id] = continuation
            continuation.yield(ByteBuffer(string: "retry: \(Self.retryMilliseconds)\n\n"))
            if let lastEventID {
                if let last = UInt64(lastEventID), let position = watch.ring.firstIndex(where: { $0.id == last }) {
                    for event in watch.ring[(position + 1)...] { continuation.yield(event.frame) }
                } else if let newest = watch.ring.last {
                    // Up to date as of the newest event once it asks again: resuming from there misses nothing.
                    continuation.yield(Self.frame(id: newest.id, subject: subject, why: "resync", changed: nil))
                } else {
                    // A new ring starts with the resync, so that resuming from it misses nothing either.
                    let eventID = state.nextEventID
                    state.nextEventID += 1
                    let frame = Self.frame(id: eventID, subject: subject, why: "resync", changed: nil)
                    Self.remember(eventID, frame, in: &watch)
                    continuation.yield(frame)
                }
            }
            let needsTimer = watch.timer == nil
            state.watches[subject] = watch
            return (id, needsTimer)
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(subject, id) }
        if needsTimer { arm(subject, server) }
        return Subscription(subject: subject, id: id, frames: frames, continuation: continuation)
    }

    /// Removes a subscriber (again is harmless); a subject left with none is forgotten.
    func unsubscribe(_ subject: String, _ id: UInt64) {
        let timer: Task<Void, Never>? = state.withLock { state in
            guard var watch = state.watches[subject], watch.subscribers.removeValue(forKey: id) != nil else { return nil }
            guard watch.subscribers.isEmpty else {
                state.watches[subject] = watch
                return nil
            }
            state.watches[subject] = nil
            watchedSubjects.subtract(1, ordering: .relaxed)
            return watch.timer
        }
        timer?.cancel()
    }

    /// Tells the subject's subscribers what the writes of one request changed, if anything,
    /// then learns its next `revisitAt` again (a write may move it).
    func publishWrites(_ answers: [ServerOperation.Answer], subject: String, server: BeckonServer) {
        var changed = Changed()
        for answer in answers {
            if let changes = answer.changes {
                changed.tips += changes.tips.map(\.id)
                changed.groups += changes.groups.map(\.id)
                changed.scenarios += changes.scenarios.map(\.id)
            }
            changed.parameters += answer.parameters
            changed.whatsNew = changed.whatsNew || answer.recordsWhatsNew
        }
        guard !changed.isEmpty else { return }
        changed.tips = Self.unique(changed.tips)
        changed.groups = Self.unique(changed.groups)
        changed.scenarios = Self.unique(changed.scenarios)
        changed.parameters = Self.unique(changed.parameters)
        if publish(subject, why: "write", changed: changed) { arm(subject, server) }
    }

    /// Tells the subject's subscribers that its data was replaced as a whole (`why`: `import`,
    /// `erase`): an event naming nothing, like a resync, as any answer may have changed; then
    /// learns its next `revisitAt` again.
    func publishWhole(_ subject: String, why: String, server: BeckonServer) {
        guard isWatched(subject) else { return }
        if publish(subject, why: why, changed: nil) { arm(subject, server) }
    }

    /// Sends one event to the subject's subscribers and keeps it in its ring; false when the
    /// subject is no longer watched.
    @discardableResult
    private func publish(_ subject: String, why: String, changed: Changed?) -> Bool {
        state.withLock { state in
            guard var watch = state.watches[subject] else { return false }
            let eventID = state.nextEventID
            state.nextEventID += 1
            let frame = Self.frame(id: eventID, subject: subject, why: why, changed: changed)
            Self.remember(eventID, frame, in: &watch)
            state.watches[subject] = watch
            for continuation in watch.subscribers.values { continuation.yield(frame) }
            return true
        }
    }

    /// Starts (or restarts) the subject's revisit timer.
    private func arm(_ subject: String, _ server: BeckonServer) {
        let timer = Task { [weak self] in
            guard let self else { return }
            await self.watchRevisits(subject, server)
        }
        let replaced: Task<Void, Never>?? = state.withLock { state in
            guard var watch = state.watches[subject] else { return .none }
            let old = watch.timer
            watch.timer = timer
            state.watches[subject] = watch
            return .some(old)
        }
        switch replaced {
        case .none: timer.cancel()
        case .some(let old): old?.cancel()
        }
    }

    /// Sleeps until the subject's earliest `revisitAt` on the server's clock, sends a `revisit`
    /// event, and again, until the subject has no time-dependent answer or is no longer watched.
    /// It reads the server's clock again at least every keep-alive interval: a clock that jumps
    /// (set by an administrator, or by a test) is followed within one interval.
    private func watchRevisits(_ subject: String, _ server: BeckonServer) async {
        while !Task.isCancelled {
            let store = server.runtime.serving.runtime.engine.store
            guard let due = await server.storeThreads.run(for: store, { Self.nextRevisit(subject, server) }) else { return }
            while server.wallClock() < due.at {
                let wait = min(Duration.milliseconds(due.at - server.wallClock()), server.keepAliveInterval)
                do { try await Task.sleep(for: max(wait, .milliseconds(1))) } catch { return }
            }
            guard !Task.isCancelled, publish(subject, why: "revisit", changed: due.changed) else { return }
        }
    }

    /// The subject's earliest `revisitAt` after the server's `now`, with the tips, groups and
    /// scenarios whose answers may change then; nil when none depends on time.
    static func nextRevisit(_ subject: String, _ server: BeckonServer) -> (at: Int64, changed: Changed)? {
        let runtime = server.runtime.serving.runtime
        let now = server.wallClock()
        guard let report = try? StatusReport.make(DecisionRequest(subject: subject, now: now), on: runtime.engine) else { return nil }
        let instants = report.tips.compactMap(\.revisitAt) + report.groups.compactMap(\.revisitAt) + report.scenarios.compactMap(\.revisitAt)
        guard let at = instants.filter({ $0 > now }).min() else { return nil }
        var changed = Changed()
        changed.tips = report.tips.filter { $0.revisitAt == at }.map(\.tip)
        changed.groups = report.groups.filter { $0.revisitAt == at }.map(\.group)
        changed.scenarios = report.scenarios.filter { $0.revisitAt == at }.map(\.scenario)
        return (at, changed)
    }

    /// Keeps an event in the subject's ring, forgetting the oldest beyond `ringCapacity`.
    private static func remember(_ id: UInt64, _ frame: ByteBuffer, in watch: inout Watch) {
        watch.ring.append((id, frame))
        if watch.ring.count > ringCapacity { watch.ring.removeFirst(watch.ring.count - ringCapacity) }
    }

    /// `id: N`, `event: changed`, `data: {…}` and a blank line. The data's members, sorted:
    /// `groups`, `parameters`, `scenarios`, `subject`, `tips`, `whatsNew`, `why` (a resync has
    /// only `subject` and `why`: what changed is not known).
    static func frame(id: UInt64, subject: String, why: String, changed: Changed?) -> ByteBuffer {
        var members: [(String, JSONValue)] = []
        if let changed {
            members.append(("groups", .array(changed.groups.map(JSONValue.string))))
            members.append(("parameters", .array(changed.parameters.map(JSONValue.string))))
            members.append(("scenarios", .array(changed.scenarios.map(JSONValue.string))))
        }
        members.append(("subject", .string(subject)))
        if let changed {
            members.append(("tips", .array(changed.tips.map(JSONValue.string))))
            members.append(("whatsNew", .bool(changed.whatsNew)))
        }
        members.append(("why", .string(why)))
        return ByteBuffer(string: "id: \(id)\nevent: changed\ndata: \(JSONValue.object(JSONObject(members)).text)\n\n")
    }

    /// The ids in their first order, each once.
    private static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
