import BeckonCore
import BeckonRuntime

// The runtime's data answers (BeckonRuntime/Data) as the library's types. Members are read
// from the runtime's summaries, never recomputed here.

extension BeckonError {
    /// A data operation's failure as the library's error (see `BeckonEngine+UsersData.swift`).
    init(_ error: SubjectDataError) {
        switch error {
        case .store(let failure):
            // The CLI's exit 65 for a refused write (`.invalidData`), 69 for the rest.
            self = failure.kind == .invalidData ? .invalidValue(failure.message) : .storeUnavailable(failure.message)
        case .file, .badLines:
            self = .invalidValue(error.description)
        case .refused, .notConfigured:
            self = .notApplicable(error.description)
        }
    }
}

extension BeckonSubjectPage {
    /// The page of `listed` subjects asked for with `limit`, with the `next` cursor every host
    /// answers (`SubjectData.nextCursor`).
    init(_ listed: [StoredSubject], limit: Int) {
        self.init(subjects: listed.map { Subject(subject: $0.subject, lastActiveMilliseconds: $0.lastActive) },
                  next: SubjectData.nextCursor(after: listed, limit: limit))
    }
}

extension BeckonImportSummary {
    init(_ summary: SubjectData.ImportSummary) {
        self.init(imported: summary.imported, unchanged: summary.unchanged, replaced: summary.replaced, refused: summary.refused,
                  skipped: summary.skipped.map { SkippedLine(line: $0.line, path: $0.path, message: $0.message, description: $0.description) })
    }
}

extension BeckonCopySummary {
    init(_ summary: SubjectData.CopySummary) {
        self.init(copied: summary.copied, unchanged: summary.unchanged, refused: summary.refused, refusedCount: summary.refusedCount,
                  checked: summary.checked, mismatches: summary.mismatches, mismatchCount: summary.mismatchCount)
    }
}

extension BeckonExpirySummary {
    init(_ summary: SubjectData.ExpirySummary, dryRun: Bool) {
        self.init(listed: summary.listed, expired: summary.expired, erased: summary.erased, dryRun: dryRun)
    }
}
