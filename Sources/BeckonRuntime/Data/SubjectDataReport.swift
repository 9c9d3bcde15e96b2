public import BeckonCore

/// How every host spells the answers of the data operations in JSON (`beckon data … --json`,
/// the C API's results, `beckon serve`'s data routes, the Swift library's raw answers): one
/// place for each member's name.
public enum SubjectDataReport {
    /// A listed subject: `{"lastActive": "…", "subject": "…"}`.
    public static func listed(_ subject: StoredSubject) -> JSONValue {
        .object(["subject": .string(subject.subject), "lastActive": .timestamp(subject.lastActive)])
    }

    /// A page of listed subjects with the cursor of the next page (null after the last page):
    /// `{"next": "…"|null, "subjects": [...]}`. A page shorter than `limit` is the last.
    public static func page(_ subjects: [StoredSubject], limit: Int) -> JSONValue {
        let next = SubjectData.nextCursor(after: subjects, limit: limit)
        return .object(["subjects": .array(subjects.map(listed)), "next": next.map(JSONValue.string) ?? .null])
    }

    /// An erasure: `{"erased": true|false, "subject": "…"}` (false: nothing was stored).
    public static func erasure(subject: String, erased: Bool) -> JSONValue {
        .object(["subject": .string(subject), "erased": .bool(erased)])
    }
}

extension SubjectData.ImportSummary {
    /// `{"imported", "replaced", "unchanged", "refused": [ids], "skippedLines": [numbers]}`.
    public var json: JSONValue {
        .object([
            "imported": .int(Int64(imported)), "unchanged": .int(Int64(unchanged)), "replaced": .int(Int64(replaced)),
            "refused": .array(refused.map(JSONValue.string)), "skippedLines": .array(skipped.map { .int(Int64($0.line)) }),
        ])
    }
}

extension SubjectData.CopySummary {
    /// `{"checked", "copied", "mismatches", "refused", "unchanged"}` (counts).
    public var json: JSONValue {
        .object([
            "copied": .int(Int64(copied)), "unchanged": .int(Int64(unchanged)), "refused": .int(Int64(refusedCount)),
            "checked": .int(Int64(checked)), "mismatches": .int(Int64(mismatchCount)),
        ])
    }
}

extension SubjectData.ExpirySummary {
    /// `{"dryRun", "erased", "expired": [ids], "listed"}`.
    public func json(dryRun: Bool) -> JSONValue {
        .object(["listed": .int(Int64(listed)), "expired": .array(expired.map(JSONValue.string)),
                 "erased": .int(Int64(erased)), "dryRun": .bool(dryRun)])
    }
}
