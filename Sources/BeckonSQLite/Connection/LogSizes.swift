import BeckonCore
import BeckonRules

/// How many donations each of a subject's logs holds and its newest instant: what retention
/// needs to know without counting rows. Stored with the subject's record (column `logs`), so
/// that keeping it costs a commit no other page; an event without a row here has an empty log.
struct LogSizes {
    struct State {
        var size: Int64 = 0
        var newest: Int64 = 0
    }

    /// Appends of one commit are numbered below this, after the commit's version.
    static let appendsPerCommit = 1 << 20

    private var states: [String: State] = [:]

    init() {}

    subscript(event: String) -> State? {
        get { states[event] }
        set { states[event] = newValue }
    }

    /// Stored as a list of values (event, size, newest, …) in the donation-info format.
    init(decoding bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) {
        let values = try DonationInfoCodec.decode(bytes)
        guard values.count % 3 == 0 else { throw StoreError(.corrupt, "\(values.count) values are not triples") }
        states.reserveCapacity(values.count / 3)
        for index in stride(from: 0, to: values.count, by: 3) {
            guard case .string(let event) = values[index], case .int(let size) = values[index + 1],
                  case .int(let newest) = values[index + 2], size > 0 else {
                throw StoreError(.corrupt, "entry \(index / 3) is not an event with a size and an instant")
            }
            states[event] = State(size: size, newest: newest)
        }
    }

    /// The bytes to store; nil when every log is empty.
    func encoded() -> [UInt8]? {
        guard !states.isEmpty else { return nil }
        var values: [Value] = []
        values.reserveCapacity(states.count * 3)
        for (event, state) in states {
            values.append(.string(event))
            values.append(.int(state.size))
            values.append(.int(state.newest))
        }
        return DonationInfoCodec.encode(values)
    }
}
