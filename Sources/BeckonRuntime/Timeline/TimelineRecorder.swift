public import BeckonConfig
public import BeckonCore

/// What `beckon simulate --html` draws: for each subject of a trace, every tip's status, every
/// group's current tip and every scenario's would-run verdict as bands over time, and every step
/// as a mark, each with its explanation.
///
/// The simulation feeds it each step's report as the step runs. After a step, the subject's
/// answers are read at the step's instant, then again at each `revisitAt` (the engine's promise
/// that nothing changes before it) until the subject's next step: so a band holds exactly while
/// its answer (value and reason) does, and a status read at any instant in it is the band's. A
/// band's explanation is the engine's at its start. Reading records nothing, so the simulation
/// is the one `simulate` prints.
public final class TimelineRecorder {
    private let engine: Engine
    private let configuration: Configuration
    private let steps: [TraceStep]
    /// For each step, the instant of its subject's next step (the trace's end for its last).
    private let bandEnds: [Int64]
    /// The instants the drawing spans: the first step's, and a tenth of the trace's span after
    /// its last step (an hour at least), so the last bands are seen.
    private let start: Int64, end: Int64
    /// Texts (explanations, reasons, answers) kept once and named by their index.
    private var texts: [String] = []
    private var textIndex: [TextKey: Int] = [:]
    private var subjects: [String: SubjectTimeline] = [:]
    private var subjectOrder: [String] = []

    /// At most this many reads follow `revisitAt` between two steps of a subject; the band
    /// after the last one holds to the next step.
    static let revisitsBetweenSteps = 200

    /// The lanes' names, as the page reads them: `KIND:ID`, or a word for a lane of marks alone.
    enum Lane {
        static func tip(_ id: String) -> String { "tip:" + id }
        static func group(_ id: String) -> String { "group:" + id }
        static func scenario(_ id: String) -> String { "scenario:" + id }
        static func event(_ id: String) -> String { "event:" + id }
        static let parameters = "parameters"
        static let whatsNew = "whatsNew"
    }

    /// One lane's bands: each begins where it is written and ends where the next begins (the
    /// last at the subject's end).
    struct Band {
        var start: Int64
        var value: String
        var reason: Int
        var explanation: Int
    }

    struct Mark {
        var at: Int64
        var lane: String
        var label: String
        var step: Int
        var text: Int
    }

    struct SubjectTimeline {
        var lanes: [String: [Band]] = [:]
        var marks: [Mark] = []
        var end: Int64 = 0
    }

    /// A recorder of `steps`, run on `engine` (whose configuration is `configuration`).
    public init(engine: Engine, configuration: Configuration, steps: [TraceStep]) {
        self.engine = engine
        self.configuration = configuration
        self.steps = steps
        let first = steps.map(\.now).min() ?? 0, last = steps.map(\.now).max() ?? 0
        start = first
        end = steps.isEmpty ? 0 : last + max((last - first) / 10, 3_600_000)
        var ends = [Int64](repeating: end, count: steps.count)
        var next: [String: Int64] = [:]
        for index in steps.indices.reversed() {
            ends[index] = max(next[steps[index].subject] ?? end, steps[index].now)
            next[steps[index].subject] = steps[index].now
        }
        bandEnds = ends
    }

    /// Records `steps[index]` after it ran, with its report.
    public func record(step index: Int, report: OperationReport) {
        let step = steps[index]
        if subjects[step.subject] == nil {
            subjects[step.subject] = SubjectTimeline()
            subjectOrder.append(step.subject)
        }
        let answer = ([report.operation + " → " + report.answer] + report.details).joined(separator: "\n")
        subjects[step.subject]!.marks.append(Mark(at: step.now, lane: Self.lane(of: step.operation), label: step.operation.name,
                                                  step: step.number, text: text(answer)))
        readAnswers(after: index)
    }

    /// The lane a step's mark is drawn on.
    static func lane(of operation: TraceOperation) -> String {
        switch operation {
        case .set: Lane.parameters
        case .donate(let event, _): Lane.event(event)
        case .tipStatus(let id), .tipDisplay(let id), .tipShown(let id, _), .tipInvalidate(let id, _), .tipReset(let id),
             .explainTip(let id):
            Lane.tip(id)
        case .groupCurrent(let id): Lane.group(id)
        case .scenarioTrigger(let id), .scenarioTry(let id), .scenarioStatus(let id), .scenarioReset(let id), .explainScenario(let id):
            Lane.scenario(id)
        // `reset: all` clears every lane; its mark stands with the parameters'.
        case .resetAll: Lane.parameters
        case .whatsNewNext, .whatsNewPresent, .whatsNewMark, .whatsNewUnmark: Lane.whatsNew
        }
    }

    /// Reads the subject's answers at step `index`'s instant and at each `revisitAt` before its
    /// next step, as bands.
    private func readAnswers(after index: Int) {
        let step = steps[index]
        var at = step.now
        for _ in 0..<Self.revisitsBetweenSteps {
            // The stored state alone: a step's transient parameters were its own.
            let request = DecisionRequest(subject: step.subject, now: at, appVersion: step.appVersion,
                                          locales: LocaleLookup.rangesOrDefault(step.locale))
            guard let revisit = read(request), revisit > at, revisit < bandEnds[index] else { break }
            at = revisit
        }
        subjects[step.subject]!.end = max(subjects[step.subject]!.end, bandEnds[index])
    }

    /// Appends the answers at `request`'s instant to the subject's lanes; the earliest
    /// `revisitAt` among them. An answer is explained (the costly read) only where its band begins.
    private func read(_ request: DecisionRequest) -> Int64? {
        var revisit: Int64?
        func keep(_ instant: Int64?) {
            if let instant { revisit = min(revisit ?? instant, instant) }
        }
        for tip in configuration.tips.all {
            guard let decision = try? engine.tipStatus(tip.id, request) else { continue }
            append(Lane.tip(tip.id), at: request.now, value: decision.status.rawValue, reason: decision.reason.description, subject: request.subject) {
                (try? self.engine.explainTip(tip.id, request).rendered()) ?? ""
            }
            keep(decision.revisitAt)
        }
        for group in configuration.groups.all {
            guard let decision = try? engine.groupCurrent(group.id, request) else { continue }
            append(Lane.group(group.id), at: request.now, value: decision.current ?? "",
                   reason: decision.current.map { "current: " + $0 } ?? "no current tip", subject: request.subject) {
                (["group \(group.id): " + (decision.current ?? "no current tip")]
                    + decision.members.map { "  \($0.tip): \($0.status.rawValue)" }).joined(separator: "\n")
            }
            keep(decision.revisitAt)
        }
        for scenario in configuration.scenarios.all {
            guard let decision = try? engine.scenarioStatus(scenario.id, request) else { continue }
            let reason = decision.executed ? "every check passes" : "fails " + decision.failures.map(\.name).joined(separator: ", ")
            append(Lane.scenario(scenario.id), at: request.now, value: decision.executed ? "run" : "wait", reason: reason, subject: request.subject) {
                (try? self.engine.scenarioStatus(scenario.id, request, explaining: true).rendered(verb: "would run")) ?? ""
            }
            keep(decision.revisitAt)
        }
        return revisit
    }

    /// Begins a band unless the lane's last one has the same value and reason; `explanation`
    /// is read only for a new band.
    private func append(_ lane: String, at start: Int64, value: String, reason: String, subject: String, explanation: () -> String) {
        let reasonIndex = text(reason)
        if let last = subjects[subject]!.lanes[lane]?.last, last.value == value, last.reason == reasonIndex { return }
        subjects[subject]!.lanes[lane, default: []].append(Band(start: start, value: value, reason: reasonIndex, explanation: text(explanation())))
    }

    private func text(_ value: String) -> Int {
        let key = TextKey(value)
        if let index = textIndex[key] { return index }
        texts.append(value)
        textIndex[key] = texts.count - 1
        return texts.count - 1
    }

    /// A text as a key by its UTF-8 bytes: the same bytes are the same text here, and hashing
    /// them skips the Unicode normalization `String`'s hash does (the explanations' ✓ and →
    /// made it a sixth of a large simulation's time).
    private struct TextKey: Hashable {
        var text: String

        init(_ text: String) {
            self.text = text
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        static func == (left: TextKey, right: TextKey) -> Bool {
            left.text.utf8.elementsEqual(right.text.utf8)
        }
    }

    /// The drawing's data: the lanes' names, the subjects' bands and marks, the shared texts.
    public func json() -> JSONValue {
        let laneNames = configuration.tips.all.map { Lane.tip($0.id) } + configuration.groups.all.map { Lane.group($0.id) }
            + configuration.scenarios.all.map { Lane.scenario($0.id) } + configuration.events.all.map { Lane.event($0.id) }
            + [Lane.parameters, Lane.whatsNew]
        let subjectValues: [JSONValue] = subjectOrder.map { id in
            let timeline = subjects[id]!
            var lanes = JSONObject()
            for (lane, bands) in timeline.lanes.sorted(by: { $0.key < $1.key }) {
                lanes[JSONKey(lane)] = .array(bands.map { .array([.int($0.start), .string($0.value), .int(Int64($0.reason)), .int(Int64($0.explanation))]) })
            }
            let marks: [JSONValue] = timeline.marks.map { mark in
                .array([.int(mark.at), .string(mark.lane), .string(mark.label), .int(Int64(mark.step)), .int(Int64(mark.text))])
            }
            return .object(["id": .string(id), "end": .int(timeline.end), "lanes": .object(lanes), "marks": .array(marks)])
        }
        return .object([
            "start": .int(start),
            "end": .int(end),
            "lanes": .array(laneNames.map { .string($0) }),
            "subjects": .array(subjectValues),
            "texts": .array(texts.map { .string($0) }),
        ])
    }
}
