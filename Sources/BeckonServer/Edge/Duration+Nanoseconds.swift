extension Duration {
    /// The duration in whole nanoseconds (as NIO's `TimeAmount` counts), its components read once:
    /// each reading divides 128 bits (~190 instructions).
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
