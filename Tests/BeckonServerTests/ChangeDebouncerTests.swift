import BeckonPluginHost
@testable import BeckonServer
import Testing

/// When a poll of the configuration file reloads: a change once it has stayed the same for one
/// more poll, a removal said once.
@Suite("beckon serve: when a changed file is reloaded")
struct ChangeDebouncerTests {
    static let loaded = FileIdentity(device: 1, inode: 10, size: 100, modifiedNanoseconds: 1)
    static let edited = FileIdentity(device: 1, inode: 10, size: 120, modifiedNanoseconds: 2)
    static let editedAgain = FileIdentity(device: 1, inode: 10, size: 130, modifiedNanoseconds: 3)
    static let renamedOver = FileIdentity(device: 1, inode: 11, size: 100, modifiedNanoseconds: 1)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var polls: [FileIdentity?]
        var actions: [ChangeDebouncer<FileIdentity>.Action]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unchanged", polls: [loaded, loaded], actions: [.wait, .wait]),
        Case(name: "an edit, reloaded once stable", polls: [edited, edited, edited], actions: [.wait, .reload, .wait]),
        Case(name: "an edit in two steps", polls: [edited, editedAgain, editedAgain], actions: [.wait, .wait, .reload]),
        Case(name: "a replacement by rename", polls: [renamedOver, renamedOver], actions: [.wait, .reload]),
        Case(name: "removed, said once", polls: [nil, nil, nil], actions: [.fileGone, .wait, .wait]),
        Case(name: "removed, then back changed", polls: [nil, edited, edited], actions: [.fileGone, .wait, .reload]),
        Case(name: "removed, then back as it was", polls: [nil, loaded, loaded], actions: [.fileGone, .wait, .wait]),
        Case(name: "gone again after coming back", polls: [nil, edited, edited, nil], actions: [.fileGone, .wait, .reload, .fileGone]),
        Case(name: "an edit undone before it settled", polls: [edited, loaded, loaded], actions: [.wait, .wait, .wait]),
    ]

    @Test(arguments: cases)
    func polls(_ testCase: Case) {
        var debouncer = ChangeDebouncer<FileIdentity>(known: Self.loaded)
        #expect(testCase.polls.map { debouncer.observe($0) } == testCase.actions)
    }

    @Test func aReloadBySignalMakesTheFileAsItIsTheKnownOne() {
        var debouncer = ChangeDebouncer<FileIdentity>(known: Self.loaded)
        #expect(debouncer.observe(Self.edited) == .wait)
        debouncer.reloaded(Self.edited)
        #expect(debouncer.observe(Self.edited) == .wait)
        #expect(debouncer.observe(Self.edited) == .wait)
    }
}
