public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonConfig
import BeckonCore
import BeckonRuntime

// Users' data (ABI 1.5): beckon_subjects, beckon_subject_export, _import, _erase and
// beckon_subjects_expire. The operations are the runtime's `SubjectData`; their JSON is
// `SubjectDataReport`'s, as `beckon data … --json` prints it.

@_cdecl("beckon_subjects")
public func beckonSubjects(_ engine: OpaquePointer?, _ after: beckon_string, _ limit: Int64, _ result: UnsafeMutablePointer<beckon_sink>?,
                           _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    usersData(engine, result, error) { runtime, _ throws(CallFailure) in
        guard let cursor = CBridge.string(after) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "after is not UTF-8") }
        if let problem = SubjectData.pageLimitProblem(limit) {
            throw CallFailure(BECKON_INVALID_ARGUMENT, problem)
        }
        let page = try dataStep { () throws(SubjectDataError) in
            try SubjectData.subjects(in: runtime.engine.store, after: cursor.isEmpty ? nil : cursor, limit: Int(limit))
        }
        return Array(SubjectDataReport.page(page, limit: Int(limit)).text.utf8)
    }
}

@_cdecl("beckon_subject_export")
public func beckonSubjectExport(_ engine: OpaquePointer?, _ subject: beckon_string, _ result: UnsafeMutablePointer<beckon_sink>?,
                                _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    usersData(engine, result, error) { runtime, _ throws(CallFailure) in
        let id = try CBridge.id(subject, "subject")
        var line: [UInt8] = []
        let summary = try dataStep {
            try SubjectData.export(from: runtime.engine.store, configuration: runtime.loaded.configuration, subjects: [id], to: { line = $0 })
        }
        guard summary.missing.isEmpty else { throw CallFailure(BECKON_NOT_FOUND, "subject '\(id)' is not stored") }
        return line
    }
}

@_cdecl("beckon_subject_import")
public func beckonSubjectImport(_ engine: OpaquePointer?, _ lines: beckon_string, _ flags: UInt32, _ result: UnsafeMutablePointer<beckon_sink>?,
                                _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    usersData(engine, result, error) { runtime, _ throws(CallFailure) in
        guard flags & ~(BECKON_IMPORT_REPLACE | BECKON_IMPORT_SKIP_BAD) == 0 else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "flags has reserved bits (\(flags)); pass BECKON_IMPORT_REPLACE, BECKON_IMPORT_SKIP_BAD or 0")
        }
        guard lines.len == 0 || lines.ptr != nil else { throw CallFailure(BECKON_INVALID_ARGUMENT, "lines is NULL with a length") }
        // The bytes as given: the import names a line that is not UTF-8 by its number.
        let bytes = lines.len == 0 ? [] : Array(UnsafeRawBufferPointer(start: lines.ptr, count: lines.len))
        let options = SubjectData.ImportOptions(replace: flags & BECKON_IMPORT_REPLACE != 0, skipBad: flags & BECKON_IMPORT_SKIP_BAD != 0)
        let summary = try dataStep {
            try SubjectData.importData(from: .bytes(bytes), into: runtime.engine.store, configuration: runtime.loaded.configuration, options: options)
        }
        return Array(summary.json.text.utf8)
    }
}

@_cdecl("beckon_subject_erase")
public func beckonSubjectErase(_ engine: OpaquePointer?, _ subject: beckon_string, _ result: UnsafeMutablePointer<beckon_sink>?,
                               _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    usersData(engine, result, error) { runtime, _ throws(CallFailure) in
        let id = try CBridge.id(subject, "subject")
        let erased = try dataStep { () throws(SubjectDataError) in try SubjectData.erase(subject: id, from: runtime.engine.store) }
        return Array(SubjectDataReport.erasure(subject: id, erased: erased).text.utf8)
    }
}

@_cdecl("beckon_subjects_expire")
public func beckonSubjectsExpire(_ engine: OpaquePointer?, _ dryRun: Int32, _ result: UnsafeMutablePointer<beckon_sink>?,
                                 _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    usersData(engine, result, error) { runtime, embedded throws(CallFailure) in
        guard let inactivity = runtime.loaded.configuration.store.expireSubjectsAfter else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "the configuration sets no store.expireSubjectsAfter: nothing expires")
        }
        // The engine's clock: what `BECKON_NOW_CLOCK` reads.
        let now = embedded.instant(Int64.min)
        let summary = try dataStep { () throws(SubjectDataError) in
            try SubjectData.expire(store: runtime.engine.store, inactivity: inactivity, now: now, dryRun: dryRun != 0)
        }
        return Array(summary.json(dryRun: dryRun != 0).text.utf8)
    }
}

/// Runs a data call on the runtime serving now (read once) and writes its answer's bytes to
/// the sink, or fills the caller's error.
private func usersData(_ handle: OpaquePointer?, _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?,
                       _ body: (Runtime, EmbeddedEngine) throws(CallFailure) -> [UInt8]) -> beckon_status {
    guard let engine = EmbeddedEngine.from(handle) else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "engine is NULL", errorOut) }
    if let refusal = CBridge.checkSink(result, "result") { return CBridge.fail(refusal, errorOut) }
    do throws(CallFailure) {
        let answer = try body(engine.runtimes.current, engine)
        if CBridge.wantsAnswer(result) { answer.withUnsafeBufferPointer { CBridge.write($0, to: result) } }
        return BECKON_OK
    } catch {
        return CBridge.fail(error, errorOut)
    }
}

/// Runs a data operation, its failure turned into the call's: a bad import file or a store's
/// refusal of what it was given is BECKON_INVALID_ARGUMENT, subjects stored with other data
/// BECKON_CONFLICT, a failing store (or one that cannot do this) BECKON_UNAVAILABLE.
private func dataStep<T>(_ body: () throws -> T) throws(CallFailure) -> T {
    do {
        return try body()
    } catch let error as SubjectDataError {
        let status: Int32 = switch error {
        case .store(let failure): failure.kind == .invalidData ? BECKON_INVALID_ARGUMENT : BECKON_UNAVAILABLE
        case .file, .badLines, .notConfigured: BECKON_INVALID_ARGUMENT
        case .refused: BECKON_CONFLICT
        }
        throw CallFailure(status, error.description)
    } catch {
        throw CallFailure(BECKON_INTERNAL, "\(error)")
    }
}

/// Fails to compile when a function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkUsersDataSignatures() {
    _ = [beckon_subjects as SubjectsOperation, beckonSubjects]
    _ = [beckon_subject_export as SubjectIdOperation, beckonSubjectExport]
    _ = [beckon_subject_import as SubjectImportOperation, beckonSubjectImport]
    _ = [beckon_subject_erase as SubjectIdOperation, beckonSubjectErase]
    _ = [beckon_subjects_expire as SubjectsExpireOperation, beckonSubjectsExpire]
}
