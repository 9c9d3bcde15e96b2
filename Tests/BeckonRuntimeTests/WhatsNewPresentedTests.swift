import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import Testing

/// `presented` has one meaning in every what's-new answer: the subject's whole set of
/// presented versions after the operation, whether the operation changed it or not.
@Suite("what's new: presented")
struct WhatsNewPresentedTests {
    static let configuration = """
        version: 1
        app: {version: 2.4.0}
        whatsNew:
          entries: [{version: 2.2.0, title: A}, {version: 2.3.0, title: B}, {version: 2.4.0, title: C}]
        """

    static func version(_ text: String) -> Version { Version(text)! }

    /// 2.2.0 and 2.3.0 are presented before each operation.
    static let cases: [(operation: TraceOperation, presented: [String])] = [
        (.whatsNewNext, ["2.2.0", "2.3.0"]),
        (.whatsNewPresent, ["2.2.0", "2.3.0", "2.4.0"]),
        (.whatsNewMark(version("2.1.0")), ["2.1.0", "2.2.0", "2.3.0"]),
        (.whatsNewUnmark(version("2.2.0")), ["2.3.0"]),
        (.whatsNewUnmark(nil), []),
    ]

    @Test(arguments: cases)
    func presentedIsTheSubjectsWholeSet(_ operation: TraceOperation, _ presented: [String]) throws {
        let runtime = try Runtime.open(Runtime.load(yaml: Self.configuration, path: "whats-new.yaml"), store: MemoryStore())
        let request = DecisionRequest(subject: "ada", now: 1_772_355_600_000, appVersion: nil)
        for version in ["2.2.0", "2.3.0"] {
            _ = try OperationRunner.perform(.whatsNewMark(Self.version(version)), request, on: runtime.engine)
        }
        let report = try OperationRunner.perform(operation, request, on: runtime.engine)
        #expect(report.answerJSON["presented"] == .array(presented.map { .string($0) }))
    }
}
