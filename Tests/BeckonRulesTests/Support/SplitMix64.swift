/// SplitMix64 (Steele, Lea and Flood): a tiny, fast generator, so the fuzz cases are the same on
/// every machine and a failing case comes back on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0); the slight modulo bias does not matter here.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
