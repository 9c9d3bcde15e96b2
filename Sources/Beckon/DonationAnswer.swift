/// An event's counters after a donation.
public struct DonationAnswer: Sendable, Hashable {
    /// The event's id.
    public var event: String
    /// Donations since the subject's last reset.
    public var count: Int64
    /// The earliest donation's instant (Unix ms).
    public var firstMilliseconds: Int64?
    /// The latest donation's instant (Unix ms).
    public var lastMilliseconds: Int64?
    /// With `BeckonRequest.reportingChanges`, what the operation changed for the subject (nil
    /// when not asked).
    public var changes: SubjectChanges? = nil
}
