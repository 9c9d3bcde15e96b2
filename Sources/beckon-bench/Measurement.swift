/// Repeats a piece of work and summarises how long each run took.
struct Measurement {
    /// Durations of the runs, in seconds.
    private(set) var samples: [Double] = []

    /// Runs `body` `warmup` times unmeasured, then `runs` times measured.
    static func run(runs: Int, warmup: Int = 1, _ body: () throws -> Void) rethrows -> Measurement {
        for _ in 0..<warmup { try body() }
        var measurement = Measurement()
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            measurement.samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return measurement
    }

    var median: Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }

    var minimum: Double { samples.min() ?? 0 }

    /// `median 12.3 ms (min 11.9 ms, 20 runs)`.
    func summary(scale: Double = 1000, unit: String = "ms") -> String {
        func format(_ value: Double) -> String {
            let scaled = (value * scale * 10).rounded() / 10
            return "\(scaled) \(unit)"
        }
        return "median \(format(median)) (min \(format(minimum)), \(samples.count) runs)"
    }
}
