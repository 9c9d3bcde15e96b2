/// SplitMix64 (Steele, Lea and Flood): a tiny, fast generator for the suites' seeded cases (and
/// the benchmarks' random subjects), so that the cases are the same on every machine and a failing
/// one comes back on every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0); the slight modulo bias does not matter here.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
