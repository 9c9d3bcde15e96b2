import BeckonClock
internal import CBeckonPlugin
import BeckonCore
import BeckonRules

/// A plugin's store backend behind the engine's `Store` protocol: records travel as
/// `SubjectRecordCodec` bytes, donation infos as `DonationInfoCodec` bytes, and every failure
/// becomes a `StoreError` naming the store.
final class PluginStore: Store, @unchecked Sendable {
    // @unchecked: `raw` is the plugin's static descriptor; `handle` is what its `open` returned,
    // which the ABI lets the host use from any thread unless the store set SERIALIZE (`gate`).
    let raw: UnsafePointer<beckon_store>
    let handle: UnsafeMutableRawPointer?
    /// Its `list_subjects` and `erase_subject` (ABI 1.3), when it has them.
    let subjectData: SubjectDataFunctions?
    /// The plugin, kept alive (not shut down) while the store is open.
    private let instance: PluginInstance
    /// `NAMESPACE.NAME`, for messages.
    let qualifiedName: String
    private let gate: CallGate?
    /// A plugin's store is assumed to reach outside the process (a database server): the ABI
    /// says nothing of how long a call takes.
    var callsMayWait: Bool { true }

    /// Opens the store with its options (canonical JSON).
    init(raw: UnsafePointer<beckon_store>, instance: PluginInstance, qualifiedName: String,
         optionsJSON: String, gate: CallGate?, subjectData: SubjectDataFunctions? = nil) throws(StoreError) {
        self.raw = raw
        self.subjectData = subjectData
        self.instance = instance
        self.qualifiedName = qualifiedName
        self.gate = gate
        var handle: UnsafeMutableRawPointer?
        var options = optionsJSON
        let failure: String? = CallGate.lifecycle.run {
            options.withUTF8 { bytes in
                let view = beckon_string(ptr: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), len: bytes.count)
                return CError.with { error in
                    let status = raw.pointee.open(instance.state, view, &handle, error)
                    return status == BECKON_OK ? nil : CError.message(error, status: status)
                }
            }
        }
        if let failure { throw StoreError(.unavailable, "store '\(qualifiedName)' did not open: \(failure)") }
        self.handle = handle
    }

    deinit {
        if let close = raw.pointee.close {
            CallGate.lifecycle.run { close(handle) }
        }
    }

    func load(subject: String) throws(StoreError) -> StoredRecord {
        var collected = Collected()
        try perform("load") { error in
            withView(subject) { subject in
                withSink(&collected) { sink in raw.pointee.load(handle, subject, sink, error) }
            }
        }
        guard let item = collected.items.first else { return StoredRecord(record: SubjectRecord(), version: 0) }
        return StoredRecord(record: try SubjectRecordCodec.decode(item.bytes), version: item.number)
    }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try send(subject: subject, expectedVersion: expectedVersion, version: 0, record: record, donations: Self.boundedBelow(donations))
    }

    /// The header promises stores a `max_count` of at least 1 (a configuration's is). An append
    /// with a smaller bound (a Swift caller's own event declaration) leaves its event's log
    /// empty, whatever came before it in the commit: the same as clearing that event and
    /// dropping its earlier appends, which is what is sent instead.
    static func boundedBelow(_ donations: DonationChanges) -> DonationChanges {
        guard donations.appends.contains(where: { $0.retention.maxCount < 1 }) else { return donations }
        var lastEmptying: [String: Int] = [:]
        for (index, append) in donations.appends.enumerated() where append.retention.maxCount < 1 {
            lastEmptying[append.event] = index
        }
        var bounded = donations
        bounded.appends = donations.appends.enumerated().filter { index, append in
            lastEmptying[append.event].map { index > $0 } ?? true
        }.map(\.element)
        bounded.clearedEvents += lastEmptying.keys.sorted().filter { !donations.clearedEvents.contains($0) }
        return bounded
    }

    /// Sends one `commit`: `version` 0 for an ordinary one, above 0 for a restore (ABI 1.3).
    func send(subject: String, expectedVersion: Int64, version: Int64, record: SubjectRecord,
              donations: DonationChanges) throws(StoreError) -> Bool {
        var allocations = CAllocations()
        defer { allocations.free() }
        let recordBytes = SubjectRecordCodec.encode(record)
        let infos = donations.appends.map { DonationInfoCodec.encode($0.donation.info) }
        let cleared = donations.clearedEvents.map { allocations.copy($0) }
        var appended: [beckon_donation_append] = []
        for (index, append) in donations.appends.enumerated() {
            var item = beckon_donation_append()
            item.struct_size = UInt32(MemoryLayout<beckon_donation_append>.size)
            item.event = allocations.copy(append.event)
            item.time = append.donation.time
            item.info_len = infos[index].count
            item.max_count = Int64(append.retention.maxCount)
            item.max_age = append.retention.maxAge ?? 0
            appended.append(item)
        }
        var conflicted = false
        try perform("commit") { error in
            recordBytes.withUnsafeBufferPointer { recordBuffer in
                withInfoPointers(infos) { infoPointers in
                    for index in appended.indices { appended[index].info = infoPointers[index] }
                    return cleared.withUnsafeBufferPointer { clearedBuffer in
                        withPointers(to: appended) { appendBuffer in
                            var commit = beckon_commit()
                            commit.struct_size = UInt32(MemoryLayout<beckon_commit>.size)
                            commit.subject = allocations.copy(subject)
                            commit.expected_version = expectedVersion
                            commit.record = recordBuffer.baseAddress
                            commit.record_len = recordBuffer.count
                            commit.clears_all = donations.clearsAll
                            commit.cleared_events = clearedBuffer.baseAddress
                            commit.cleared_event_count = clearedBuffer.count
                            commit.appends = appendBuffer.baseAddress
                            commit.append_count = appendBuffer.count
                            commit.now = HostClock.now()
                            commit.version = version
                            let status = raw.pointee.commit(handle, &commit, error)
                            if status == BECKON_CONFLICT {
                                conflicted = true
                                return beckon_status(BECKON_OK)
                            }
                            return status
                        }
                    }
                }
            }
        }
        return !conflicted
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        var collected = Collected()
        try perform("read_log") { error in
            withView(subject) { subject in
                withView(event) { event in
                    withSink(&collected) { sink in raw.pointee.read_log(handle, subject, event, since ?? Int64.min, sink, error) }
                }
            }
        }
        var donations: [Donation] = []
        donations.reserveCapacity(collected.items.count)
        for item in collected.items {
            donations.append(Donation(time: item.number, info: item.bytes.isEmpty ? [] : try DonationInfoCodec.decode(item.bytes)))
        }
        return donations
    }

    /// Runs one operation through the store's gate; a status other than OK becomes the error.
    func perform(_ operation: String, _ body: (UnsafeMutablePointer<beckon_error>) -> beckon_status) throws(StoreError) {
        let failure: (beckon_status, String)? = gate.run {
            CError.with { error in
                let status = body(error)
                return status == BECKON_OK ? nil : (status, CError.message(error, status: status))
            }
        }
        guard let (status, message) = failure else { return }
        let kind: StoreError.Kind = status == BECKON_INVALID_ARGUMENT ? .invalidData : .unavailable
        throw StoreError(kind, "store '\(qualifiedName)' failed to \(operation): \(message)")
    }
}

/// What a store put into an item sink.
struct Collected {
    var items: [(number: Int64, bytes: [UInt8])] = []
}

func withSink<R>(_ collected: inout Collected, _ body: (UnsafeMutablePointer<beckon_item_sink>) -> R) -> R {
    withUnsafeMutablePointer(to: &collected) { collected in
        var sink = beckon_item_sink(struct_size: UInt32(MemoryLayout<beckon_item_sink>.size),
                                    host_data: UnsafeMutableRawPointer(collected), put: itemPut)
        return body(&sink)
    }
}

/// The item sink: copies each item into the `Collected` it was made for.
private let itemPut: @convention(c) (UnsafeMutablePointer<beckon_item_sink>?, Int64, UnsafePointer<UInt8>?, Int) -> beckon_status = { sink, number, bytes, length in
    guard let sink, let data = sink.pointee.host_data, length == 0 || bytes != nil else { return beckon_status(BECKON_INVALID_ARGUMENT) }
    let copy = length == 0 ? [] : Array(UnsafeBufferPointer(start: bytes, count: length))
    data.assumingMemoryBound(to: Collected.self).pointee.items.append((number, copy))
    return beckon_status(BECKON_OK)
}

/// Stable pointers to each info's bytes for the duration of `body`.
private func withInfoPointers<R>(_ infos: [[UInt8]], _ body: ([UnsafePointer<UInt8>?]) -> R) -> R {
    var pointers: [UnsafePointer<UInt8>?] = []
    var allocated: [UnsafeMutableBufferPointer<UInt8>] = []
    defer { allocated.forEach { $0.deallocate() } }
    for info in infos {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(info.count, 1))
        _ = buffer.initialize(from: info)
        allocated.append(buffer)
        pointers.append(UnsafePointer(buffer.baseAddress))
    }
    return body(pointers)
}

/// Pointers to each element of `items`, stable for the duration of `body` (the ABI passes
/// arrays of structs as arrays of pointers).
private func withPointers<T, R>(to items: [T], _ body: (UnsafeBufferPointer<UnsafePointer<T>?>) -> R) -> R {
    items.withUnsafeBufferPointer { elements in
        let pointers = (0..<elements.count).map { Optional(elements.baseAddress! + $0) }
        return pointers.withUnsafeBufferPointer(body)
    }
}
