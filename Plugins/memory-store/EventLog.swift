import BeckonPluginKit

/// One event's donations for one subject, kept sorted by time (equal times in the order
/// appended) as parallel arrays.
struct EventLog {
    private var times: [Int64] = []
    private var infos: [[UInt8]] = []

    /// Inserts after every donation at or before `time`, then applies the retention: keep the
    /// `maxCount` most recent (none when `maxCount` <= 0) and, when `maxAge` > 0, none older
    /// than the newest in the log (not the one just appended) minus `maxAge`.
    mutating func append(time: Int64, info: [UInt8], maxCount: Int64, maxAge: Int64) {
        let position = firstIndex { $0 > time }
        times.insert(time, at: position)
        infos.insert(info, at: position)
        // A cutoff below Int64.min (an instant near the start of time) expires nothing; it must not trap.
        if maxAge > 0, let newest = times.last, case (let cutoff, false) = newest.subtractingReportingOverflow(maxAge) {
            dropOldest(firstIndex { $0 >= cutoff })
        }
        let keep = Int(clamping: max(maxCount, 0))
        if times.count > keep { dropOldest(times.count - keep) }
    }

    /// The donations at or after `since`, oldest first.
    func donations(since: Int64) -> [PluginDonation] {
        let start = firstIndex { $0 >= since }
        return (start..<times.count).map { PluginDonation(time: times[$0], info: infos[$0]) }
    }

    private mutating func dropOldest(_ count: Int) {
        times.removeFirst(count)
        infos.removeFirst(count)
    }

    /// The first index whose time satisfies `isAfter` (false up to some index, true from it on).
    private func firstIndex(where isAfter: (Int64) -> Bool) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = low + (high - low) / 2
            if isAfter(times[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
