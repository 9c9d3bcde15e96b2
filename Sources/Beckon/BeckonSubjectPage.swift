/// One page of the store's subjects (`BeckonEngine.subjects(after:limit:)`), in the byte order
/// of their ids (UTF-8, as every store lists them), with the cursor of the next page.
public struct BeckonSubjectPage: Sendable, Hashable {
    /// A stored subject and when it was last active.
    public struct Subject: Sendable, Hashable {
        /// The subject's id.
        public var subject: String
        /// Its last commit or import (Unix ms), by the host's clock: what expiry reads.
        public var lastActiveMilliseconds: Int64

        /// Creates a listed subject.
        public init(subject: String, lastActiveMilliseconds: Int64) {
            self.subject = subject
            self.lastActiveMilliseconds = lastActiveMilliseconds
        }
    }

    /// The page's subjects, at most the limit asked for.
    public var subjects: [Subject]
    /// The cursor of the next page (pass it as `after`), nil after the last page: the page's
    /// last id when the page is full.
    public var next: String?

    /// Creates a page.
    public init(subjects: [Subject], next: String?) {
        self.subjects = subjects
        self.next = next
    }
}
