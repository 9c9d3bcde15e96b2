import BeckonCore
import BeckonRules

/// How many donations each of a subject's logs holds and its newest instant: what retention
/// needs to know without counting rows. Stored with the subject's record (column `logs`), so
/// that keeping it costs a commit no other page; an event without a row here has an empty log.
///
/// Retention by count is applied in batches: a log at its bound keeps its oldest rows on disk
/// (`hidden`, at most `retentionSlack`) until there are more than that, and then deletes them
/// in one statement. Reads return only the newest `size` rows, so answers are those of a log
/// held exactly at its bound.
struct LogSizes {
    struct State {
        /// Donations in the log (what reads return).
        var size: Int64 = 0
        var newest: Int64 = 0
        /// Rows older than the log's oldest donation, dropped by retention but not yet deleted.
        var hidden: Int64 = 0
    }

    /// How many rows retention may leave on disk past a log's bound before deleting them.
    static let retentionSlack: Int64 = 32

    /// Appends of one commit are numbered below this, after the commit's version.
    static let appendsPerCommit = 1 << 20

    private var states: [String: State] = [:]

    init() {}

    subscript(event: String) -> State? {
        get { states[event] }
        set { states[event] = newValue }
    }

    /// Stored as a list of values (event, size, newest, …) in the donation-info format; a log
    /// with hidden rows has their count after its newest instant (schema 2 on; schema 1 wrote
    /// triples only, which read as logs with no hidden rows).
    init(decoding bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
        let values = try DonationInfoCodec.decode(bytes)
        states.reserveCapacity(values.count / 3)
        var index = 0
        while index < values.count {
            guard index + 2 < values.count, case .string(let event) = values[index], case .int(let size) = values[index + 1],
                  case .int(let newest) = values[index + 2], size > 0 else {
                throw StoreError(.corrupt, "entry \(states.count) is not an event with a size and an instant")
            }
            var state = State(size: size, newest: newest)
            index += 3
            if index < values.count, case .int(let hidden) = values[index] {
                guard hidden > 0 else { throw StoreError(.corrupt, "entry \(states.count) has \(hidden) hidden rows") }
                state.hidden = hidden
                index += 1
            }
            states[event] = state
        }
    }

    /// The bytes to store; nil when every log is empty.
    func encoded() -> [UInt8]? {
        guard !states.isEmpty else { return nil }
        var values: [Value] = []
        values.reserveCapacity(states.count * 4)
        for (event, state) in states {
            values.append(.string(event))
            values.append(.int(state.size))
            values.append(.int(state.newest))
            if state.hidden > 0 { values.append(.int(state.hidden)) }
        }
        return DonationInfoCodec.encode(values)
    }
}
