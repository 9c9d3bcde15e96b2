import CBeckonPlugin

/// An open store as the host holds it: the `void *store` is a retained `StoreBox`.
final class StoreBox: Sendable {
    let backend: any PluginStoreBackend

    init(_ backend: any PluginStoreBackend) {
        self.backend = backend
    }
}

/// The C callbacks of every `beckon_store` the kit builds. Each catches every error into the
/// caller's `beckon_error`; nothing but a status crosses back.
enum StoreCallbacks {
    typealias Open = @convention(c) (UnsafeMutableRawPointer?, beckon_string, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                     UnsafeMutablePointer<beckon_error>?) -> beckon_status

    /// One `open` per slot (see `Slots`).
    static let open: [Open] = [
        { openStore(slot: 0, $1, $2, $3) }, { openStore(slot: 1, $1, $2, $3) },
        { openStore(slot: 2, $1, $2, $3) }, { openStore(slot: 3, $1, $2, $3) },
        { openStore(slot: 4, $1, $2, $3) }, { openStore(slot: 5, $1, $2, $3) },
        { openStore(slot: 6, $1, $2, $3) }, { openStore(slot: 7, $1, $2, $3) },
    ]

    typealias CheckOptions = @convention(c) (UnsafeMutableRawPointer?, beckon_string, UnsafeMutablePointer<beckon_config_problem_sink>?,
                                             UnsafeMutablePointer<beckon_error>?) -> beckon_status

    /// One `check_options` per slot (see `Slots`), for the stores that check their options.
    static let checkOptions: [CheckOptions] = [
        { checkStoreOptions(slot: 0, $1, $2, $3) }, { checkStoreOptions(slot: 1, $1, $2, $3) },
        { checkStoreOptions(slot: 2, $1, $2, $3) }, { checkStoreOptions(slot: 3, $1, $2, $3) },
        { checkStoreOptions(slot: 4, $1, $2, $3) }, { checkStoreOptions(slot: 5, $1, $2, $3) },
        { checkStoreOptions(slot: 6, $1, $2, $3) }, { checkStoreOptions(slot: 7, $1, $2, $3) },
    ]

    static func checkStoreOptions(slot: Int, _ options: beckon_string, _ sink: UnsafeMutablePointer<beckon_config_problem_sink>?,
                                  _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        guard let sink else { return PluginError.invalidArgument("check_options: the problem sink is NULL").report(to: error) }
        guard let check = Slots.store(slot)?.checkOptions else { return BECKON_OK }
        for problem in check(String(options)) { _ = problem.put(into: sink) }  // the host reports what it refuses
        return BECKON_OK
    }

    static func openStore(slot: Int, _ options: beckon_string, _ store: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                          _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        guard let store else { return PluginError.invalidArgument("open: the store out-pointer is NULL").report(to: error) }
        guard let declaration = Slots.store(slot) else { return PluginError.internal("open: no store in slot \(slot)").report(to: error) }
        do throws(PluginError) {
            let backend = try declaration.open(String(options))
            store.pointee = Unmanaged.passRetained(StoreBox(backend)).toOpaque()
            return BECKON_OK
        } catch let failure {
            return failure.report(to: error)
        }
    }

    static let close: @convention(c) (UnsafeMutableRawPointer?) -> Void = { store in
        guard let store else { return }
        Unmanaged<StoreBox>.fromOpaque(store).release()
    }

    static let load: @convention(c) (UnsafeMutableRawPointer?, beckon_string, UnsafeMutablePointer<beckon_item_sink>?,
                                     UnsafeMutablePointer<beckon_error>?) -> beckon_status = { store, subject, sink, error in
        guard let backend = backend(store) else { return nullStore(error) }
        do throws(PluginError) {
            guard let record = try backend.load(subject: String(subject)) else { return BECKON_OK }
            return put(record.version, record.bytes, into: sink, error)
        } catch let failure {
            return failure.report(to: error)
        }
    }

    static let commit: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<beckon_commit>?,
                                       UnsafeMutablePointer<beckon_error>?) -> beckon_status = { store, commit, error in
        guard let backend = backend(store) else { return nullStore(error) }
        guard let commit else { return PluginError.invalidArgument("commit: the commit is NULL").report(to: error) }
        let copy = PluginCommit(commit)
        do throws(PluginError) {
            if copy.version != nil, !(backend is any PluginSubjectDataBackend) {
                return PluginError(.unsupported, "commit: this store cannot restore a subject at a given version").report(to: error)
            }
            if try backend.commit(copy) { return BECKON_OK }
            return PluginError(.conflict, "subject \(copy.subject) is no longer at version \(copy.expectedVersion)").report(to: error)
        } catch let failure {
            return failure.report(to: error)
        }
    }

    static let readLog: @convention(c) (UnsafeMutableRawPointer?, beckon_string, beckon_string, Int64, UnsafeMutablePointer<beckon_item_sink>?,
                                        UnsafeMutablePointer<beckon_error>?) -> beckon_status = { store, subject, event, since, sink, error in
        guard let backend = backend(store) else { return nullStore(error) }
        do throws(PluginError) {
            for donation in try backend.readLog(subject: String(subject), event: String(event), since: since) {
                let status = put(donation.time, donation.info, into: sink, error)
                if status != BECKON_OK { return status }
            }
            return BECKON_OK
        } catch let failure {
            return failure.report(to: error)
        }
    }

    static let listSubjects: @convention(c) (UnsafeMutableRawPointer?, beckon_string, Int64, UnsafeMutablePointer<beckon_item_sink>?,
                                             UnsafeMutablePointer<beckon_error>?) -> beckon_status = { store, after, limit, sink, error in
        guard let backend = backend(store) as? any PluginSubjectDataBackend else { return noSubjectData(error) }
        do throws(PluginError) {
            let cursor = after.ptr == nil ? nil : String(after)
            for subject in try backend.subjects(after: cursor, limit: Int(clamping: max(limit, 0))) {
                let status = put(subject.lastActive, Array(subject.subject.utf8), into: sink, error)
                if status != BECKON_OK { return status }
            }
            return BECKON_OK
        } catch let failure {
            return failure.report(to: error)
        }
    }

    static let eraseSubject: @convention(c) (UnsafeMutableRawPointer?, beckon_string, Int64,
                                             UnsafeMutablePointer<beckon_error>?) -> beckon_status = { store, subject, activeBefore, error in
        guard let backend = backend(store) as? any PluginSubjectDataBackend else { return noSubjectData(error) }
        do throws(PluginError) {
            let id = String(subject)
            if try backend.erase(subject: id, activeBefore: activeBefore) { return BECKON_OK }
            return PluginError(.conflict, "nothing to erase: subject \(id) is not stored, or was active since").report(to: error)
        } catch let failure {
            return failure.report(to: error)
        }
    }

    private static func noSubjectData(_ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        PluginError(.unsupported, "this store does not list or erase subjects").report(to: error)
    }

    private static func backend(_ store: UnsafeMutableRawPointer?) -> (any PluginStoreBackend)? {
        store.map { Unmanaged<StoreBox>.fromOpaque($0).takeUnretainedValue().backend }
    }

    private static func nullStore(_ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        PluginError.invalidArgument("the store handle is NULL").report(to: error)
    }

    /// Hands one item to the host's sink; a status other than OK from the sink is returned as is.
    private static func put(_ number: Int64, _ bytes: [UInt8], into sink: UnsafeMutablePointer<beckon_item_sink>?,
                            _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        guard let sink, let put = sink.pointee.put else { return PluginError.invalidArgument("the item sink is NULL").report(to: error) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            // Never NULL, even for no bytes: a sink may not expect it.
            withUnsafePointer(to: 0 as UInt8) { empty in put(sink, number, buffer.baseAddress ?? empty, buffer.count) }
        }
        if status != BECKON_OK {
            setBeckonError(error, message: "the host's sink refused an item (\(PluginStatus(rawValue: status)))")
        }
        return status
    }
}
