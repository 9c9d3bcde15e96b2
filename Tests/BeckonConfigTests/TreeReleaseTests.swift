@testable import BeckonConfig
import BeckonDiagnostics
import Testing

/// The YAML trees of a load are freed on another processor for a large load, in place for a
/// small one, and in both cases by the time `wait` returns.
@Suite("YAML trees freed aside")
struct TreeReleaseTests {
    @Test(arguments: [0, TreeRelease.concurrentFromBytes])
    func treesAreFreedWhenWaitReturns(bytes: Int) {
        var release = TreeRelease()
        let watched = Self.keepTree(in: &release, bytes: bytes)
        #expect(watched.node != nil)
        release.start()
        release.wait()
        #expect(watched.node == nil)
    }

    @Test func waitingWithNothingHandedOverReturns() {
        var release = TreeRelease()
        release.wait()
        release.start()
        release.wait()
    }

    /// Hands a small tree over, keeping only a weak reference to its root.
    private static func keepTree(in release: inout TreeRelease, bytes: Int) -> Watched {
        let span = SourceSpan(file: "tips.yaml", start: .start, end: .start)
        let leaf = YAMLNode(content: .scalar("x", .plain), span: span, tag: nil, expandedSize: 1)
        let root = YAMLNode(content: .sequence([leaf, leaf]), span: span, tag: nil, expandedSize: 3)
        release.keep(root, bytes: bytes)
        return Watched(root)
    }

    final class Watched {
        weak var node: YAMLNode?

        init(_ node: YAMLNode) {
            self.node = node
        }
    }
}
