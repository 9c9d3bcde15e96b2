import CBeckonPlugin

/// One evaluation of a condition: its arguments, and the decision's context read through the
/// host's accessors on demand. Valid only during the call it is passed to, on that thread:
/// never keep it or hand it to another thread.
public struct PluginConditionCall {
    /// The arguments, converted to the signature's types (constants included).
    public let arguments: [PluginValue]
    private let host: UnsafePointer<beckon_host>
    private let eval: OpaquePointer?

    init(arguments: [PluginValue], host: UnsafePointer<beckon_host>, eval: OpaquePointer?) {
        self.arguments = arguments
        self.host = host
        self.eval = eval
    }

    /// The decision's instant (Unix ms). Use it, never the wall clock.
    public var now: Int64 { host.pointee.eval_now?(eval) ?? 0 }

    /// The subject being decided.
    public var subject: String { host.pointee.eval_subject.map { String($0(eval)) } ?? "" }

    /// The current app version ("2.3.1"), or nil when the host does not know it.
    public var appVersion: String? {
        guard let version = host.pointee.eval_app_version?(eval), version.len > 0 else { return nil }
        return String(version)
    }

    /// A declared parameter's value for the subject (its default when unset). Throws
    /// `.notFound` when the configuration declares no such parameter, `.unsupported` for a list.
    public func parameter(_ name: String) throws(PluginError) -> PluginValue {
        var value = beckon_value()
        let status = beckon_string.withBorrowed(name) { host.pointee.eval_parameter?(eval, $0, &value) ?? BECKON_UNSUPPORTED }
        guard status == BECKON_OK else { throw PluginError(PluginStatus(rawValue: status), "cannot read parameter '\(name)'") }
        return PluginValue(value)
    }

    /// An event's lifetime counters for the subject. Throws `.notFound` for an undeclared event.
    public func eventStats(_ name: String) throws(PluginError) -> PluginEventStats {
        var stats = beckon_event_stats()
        stats.struct_size = UInt32(MemoryLayout<beckon_event_stats>.size)
        let status = beckon_string.withBorrowed(name) { host.pointee.eval_event?(eval, $0, &stats) ?? BECKON_UNSUPPORTED }
        guard status == BECKON_OK else { throw PluginError(PluginStatus(rawValue: status), "cannot read event '\(name)'") }
        return PluginEventStats(count: stats.count, first: stats.has_donations ? stats.first : nil, last: stats.has_donations ? stats.last : nil)
    }

    /// How many of the event's logged donations are at or after `since` (Unix ms). Throws
    /// `.notFound` for an undeclared event.
    public func eventCount(_ name: String, since: Int64) throws(PluginError) -> Int64 {
        var count: Int64 = 0
        let status = beckon_string.withBorrowed(name) { host.pointee.eval_event_count_since?(eval, $0, since, &count) ?? BECKON_UNSUPPORTED }
        guard status == BECKON_OK else { throw PluginError(PluginStatus(rawValue: status), "cannot count event '\(name)'") }
        return count
    }

    /// Says that the answer being given holds until `instant` (Unix ms): the same at every
    /// instant before it with no new input, perhaps different at it. The host then tells hosts
    /// to ask again by then (`revisitAt`). A condition that reads `now` and does not say this
    /// makes its rule's answer changeable at the next millisecond. Called more than once, the
    /// earliest instant counts. Does nothing on a 1.0 host, which has no such service.
    public func holds(until instant: Int64) {
        // Read field by field from raw memory: a 1.0 host's table is shorter than this one.
        typealias HoldsUntil = @convention(c) (OpaquePointer?, Int64) -> Void
        let raw = UnsafeRawPointer(host)
        let offset = MemoryLayout<beckon_host>.offset(of: \beckon_host.eval_holds_until)!
        guard Int(raw.load(as: UInt32.self)) >= offset + MemoryLayout<HoldsUntil?>.size,
              let holdsUntil = raw.load(fromByteOffset: offset, as: HoldsUntil?.self) else { return }
        holdsUntil(eval, instant)
    }
}

/// An event's lifetime counters for one subject.
public struct PluginEventStats: Hashable, Sendable {
    /// Donations since the event was last reset (exact, even after the log was pruned).
    public var count: Int64
    /// The first donation's instant (Unix ms); nil when there was none.
    public var first: Int64?
    /// The last donation's instant (Unix ms); nil when there was none.
    public var last: Int64?

    /// Creates counters.
    public init(count: Int64, first: Int64?, last: Int64?) {
        self.count = count
        self.first = first
        self.last = last
    }
}
