internal import CBeckonPlugin
import BeckonCore
import BeckonRules

/// A subject's data through a 1.3 store's `list_subjects`, `erase_subject` and
/// `beckon_commit.version`. A store without them (older than 1.3, or a 1.3 store that leaves
/// them NULL) refuses all three: one that cannot list or erase is not promised to keep a
/// restore's version either.
extension PluginStore {
    /// "store 'NS.NAME'", as `unsupportedSubjectData` names the store.
    private var named: String { "store '\(qualifiedName)'" }

    func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        guard let functions = subjectData else { throw .unsupportedSubjectData("list subjects", store: named) }
        guard limit > 0 else { return [] }
        var collected = Collected()
        var allocations = CAllocations()
        defer { allocations.free() }
        // A copy, never a view: the empty id must still have a non-NULL pointer ("from the first" is NULL).
        let cursor = after.map { allocations.copy($0) } ?? beckon_string(ptr: nil, len: 0)
        try perform("list subjects") { error in
            withSink(&collected) { sink in functions.listSubjects(handle, cursor, Int64(limit), sink, error) }
        }
        guard collected.items.count <= limit else {
            throw StoreError(.corrupt, "store '\(qualifiedName)' listed \(collected.items.count) subjects when asked for at most \(limit)")
        }
        var listed: [StoredSubject] = []
        listed.reserveCapacity(collected.items.count)
        var previous = after
        for item in collected.items {
            guard let id = String(validating: item.bytes, as: UTF8.self) else {
                throw StoreError(.corrupt, "store '\(qualifiedName)' listed a subject id that is not UTF-8 (\(item.bytes.count) bytes)")
            }
            if let previous, !StoredSubject.precedes(previous, id) {
                throw StoreError(.corrupt, "store '\(qualifiedName)' listed subject '\(id)' after '\(previous)': not in ascending byte order")
            }
            listed.append(StoredSubject(subject: id, lastActive: item.number))
            previous = id
        }
        return listed
    }

    func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        guard let functions = subjectData else { throw .unsupportedSubjectData("erase subjects", store: named) }
        var erased = true
        try perform("erase a subject") { error in
            withView(subject) { subject in
                let status = functions.eraseSubject(handle, subject, activeBefore ?? Int64.max, error)
                // Nothing to erase (the header's CONFLICT; NOT_FOUND read the same): not a failure.
                guard status == BECKON_CONFLICT || status == BECKON_NOT_FOUND else { return status }
                erased = false
                return beckon_status(BECKON_OK)
            }
        }
        return erased
    }

    func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool {
        guard subjectData != nil else { throw .unsupportedSubjectData("restore subjects", store: named) }
        guard snapshot.version > max(expectedVersion, 0) else {
            throw StoreError(.invalidData, "cannot restore subject '\(subject)' at version \(snapshot.version): it must be above \(max(expectedVersion, 0))")
        }
        // Every donation kept as it is: no bound the store could apply, the logs replaced whole.
        let keepAll = Retention(maxCount: Int.max)
        let appends = snapshot.logs.keys.sorted().flatMap { event in
            snapshot.logs[event, default: []].map { (event: event, donation: $0, retention: keepAll) }
        }
        return try send(subject: subject, expectedVersion: expectedVersion, version: snapshot.version, record: snapshot.record,
                        donations: DonationChanges(appends: appends, clearsAll: true))
    }
}
