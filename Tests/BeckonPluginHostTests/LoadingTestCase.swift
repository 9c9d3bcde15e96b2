import CBeckonPlugin
import Testing

/// One way of breaking a sound descriptor, and every message the validator must give for it.
struct LoadingTestCase: Sendable, CustomTestStringConvertible {
    var label: String
    var change: @Sendable (inout LoadingTestDescriptor) -> Void
    /// The messages after `plugin 'plugins/libtest.so': `, the first one first.
    var problems: [String]

    var testDescription: String { label }

    init(_ label: String, _ problems: [String], _ change: @escaping @Sendable (inout LoadingTestDescriptor) -> Void) {
        self.label = label
        self.problems = problems
        self.change = change
    }

    init(_ label: String, _ problem: String, _ change: @escaping @Sendable (inout LoadingTestDescriptor) -> Void) {
        self.init(label, [problem], change)
    }
}
