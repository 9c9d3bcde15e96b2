import BeckonPluginKit
/// The parameters of the schema's `commit` function for one `PluginCommit`: numbers in
/// PostgreSQL's array text form; the events (and the infos) each in one `bytea`, cut by their lengths.
enum CommitParameters {
    static func make(_ commit: PluginCommit, operation: String) -> [StatementParameter] {
        [
            .bytes(Array(commit.subject.utf8)),
            .text(String(commit.expectedVersion)),
            .bytes(commit.record),
            .text(operation),
            .text(commit.clearsAll ? "true" : "false"),
            .bytes(commit.clearedEvents.flatMap(\.utf8)),
            .text(numberArray(commit.clearedEvents.map { Int64($0.utf8.count) })),
            .bytes(commit.appends.flatMap(\.event.utf8)),
            .text(numberArray(commit.appends.map { Int64($0.event.utf8.count) })),
            .text(numberArray(commit.appends.map(\.time))),
            .bytes(commit.appends.flatMap(\.info)),
            .text(numberArray(commit.appends.map { Int64($0.info.count) })),
            .text(numberArray(commit.appends.map(\.maxCount))),
            .text(numberArray(commit.appends.map(\.maxAge))),
            .text(String(commit.now)),
            .text(String(commit.version ?? 0)),
        ]
    }

    /// `{1,-2,3}`.
    static func numberArray(_ items: [Int64]) -> String {
        "{" + items.map(String.init).joined(separator: ",") + "}"
    }
}
