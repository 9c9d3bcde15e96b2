extension Array {
    /// The index of the run that `position` falls in: of the last element whose start (`start`,
    /// ascending along the array) is at most `position`, or 0 when none is (the first run then
    /// stands for what comes before it). A binary search; the array must not be empty.
    ///
    /// Text kept as runs (a YAML value's lines, a message's renamed placeholders) maps an offset
    /// back to the run that holds it with this.
    public func runIndex(containing position: Int, start: (Element) -> Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if start(self[middle]) <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
