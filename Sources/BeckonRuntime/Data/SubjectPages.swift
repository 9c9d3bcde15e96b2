public import BeckonCore

/// A store's subjects, read a page of `SubjectData.pageSize` at a time: page by page
/// (`nextPage`) or one by one (`next`).
struct SubjectPages {
    let store: any Store
    private var page: [StoredSubject] = []
    private var index = 0
    private var cursor: String?
    private var finished = false

    init(store: any Store) { self.store = store }

    /// The next page, nil after the last.
    mutating func nextPage() throws(StoreError) -> [StoredSubject]? {
        guard !finished else { return nil }
        let page = try store.subjects(after: cursor, limit: SubjectData.pageSize)
        cursor = SubjectData.nextCursor(after: page, limit: SubjectData.pageSize)
        finished = cursor == nil
        return page.isEmpty ? nil : page
    }

    /// The next subject, nil after the last.
    mutating func next() throws(StoreError) -> String? {
        if index == page.count {
            guard let next = try nextPage() else { return nil }
            page = next
            index = 0
        }
        defer { index += 1 }
        return page[index].subject
    }
}

extension SubjectData {
    /// The cursor of the page after `page`, which was listed with `limit`: its last id when it
    /// is full, nil when it was the last page. What every host pages on.
    public static func nextCursor(after page: [StoredSubject], limit: Int) -> String? {
        page.count >= limit ? page.last?.subject : nil
    }
}
