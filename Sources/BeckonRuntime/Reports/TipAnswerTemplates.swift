public import BeckonCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The constant parts of every tip's `tip.status` answer in one configuration, in each of its
/// locales, written once when it is served by the one tip-answer writer's own content
/// (`DeclaredTipContent`): an answer then copies its tip's content in the decision's locale
/// (actions, id, image, locale, message, title) as runs of bytes while `TipAnswerJSON` writes
/// the rest, so the bytes are those of the general path, which tests check. A templated text's
/// run holds its pattern: the answer writes that text filled in from the decision's values.
public final class TipAnswerTemplates: @unchecked Sendable {
    // @unchecked: `bytes` and `bounds` are written in `init` and only read after.

    /// Every tip's runs, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where each slot's runs start and end: slot `s` in the locale of index `l` has the
    /// `runsPerTip` runs from `bounds[runsPerTip * (l * tipCount + s)]`, in the order of `Run`.
    private let bounds: UnsafeMutablePointer<Int>
    /// The declared ids, in slot order, found by their bytes (with no `String` made and no
    /// `Hasher`) and echoed when an answer is asked for by slot.
    private let index: SlotIndex
    /// The configuration's content by locale, to find a decision's locale's index.
    private let content: LocalizedContent

    /// A tip's runs, in the order they are kept.
    fileprivate enum Run: Int, CaseIterable {
        /// `,"actions":[…]` or nothing.
        case actions
        /// The id's own bytes (compared with the id asked for, never written).
        case idBytes
        /// `,"id":"…"` for the declared id.
        case id
        case image
        /// `,"locale":"…"`: the locale's tag, as every answer in it says it.
        case locale
        case message
        case title
    }

    private static let runsPerTip = Run.allCases.count

    /// The runs of the tips of `content` (an engine's), in slot order, in each of its locales.
    public init(content: LocalizedContent) {
        self.content = content
        let tipCount = content.tips[0].count, runs = content.locales.count * tipCount
        var output = ByteOutput(capacity: 256 + 128 * runs)
        var bounds: [Int] = [0]
        bounds.reserveCapacity(Self.runsPerTip * runs + 1)
        for (locale, tips) in zip(content.locales, content.tips) {
            for tip in tips {
                let declared = DeclaredTipContent(tip)
                for run in Run.allCases {
                    switch run {
                    case .actions: declared.writeActions(to: &output)
                    case .idBytes:
                        var id = tip.id
                        id.withUTF8 { output.append($0) }
                    case .id: declared.writeID(tip.id, to: &output)
                    case .image: declared.writeImage(to: &output)
                    case .locale: declared.writeLocale(locale, to: &output)
                    case .message: declared.writeMessage(to: &output)
                    case .title: declared.writeTitle(to: &output)
                    }
                    bounds.append(output.count)
                }
            }
        }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(output.count, 1))
        output.withBytes { copy.initialize(from: $0.baseAddress!, count: $0.count) }
        bytes = copy
        self.bounds = .allocate(capacity: bounds.count)
        self.bounds.initialize(from: bounds, count: bounds.count)
        index = SlotIndex(content.tips[0].map(\.id))
    }

    deinit {
        bytes.deallocate()
        bounds.deallocate()
    }

    /// The slot of the tip whose id is `id`'s bytes exactly, or nil (an undeclared id, or one
    /// declared with other bytes for the same text, which `Engine.tipSlot(of:)` then decides).
    public func slot(ofID id: UnsafeRawBufferPointer) -> Int? {
        index.slot(hashing: id) { slot in
            let declared = TipRuns(templates: self, slot: slot, locale: 0, askedByDeclaredID: true).run(.idBytes)
            return declared.count == id.count && (id.isEmpty || memcmp(declared.baseAddress!, id.baseAddress!, id.count) == 0)
        }
    }

    /// The JSON text of `tip.status` on the tip in `slot`, asked for as `id` (nil: by its own
    /// id's bytes, as `slot(ofID:)` found it), answered with `decision`, lent to `body` with
    /// where its `now` member stands (`"now":"…"`, without the commas around it): the same
    /// bytes as `OperationReport.withTipStatusJSONText`.
    public func withStatusJSONText<R>(slot: Int, id: String?, _ decision: TipDecision, subject: String, now: Int64,
                                      _ body: (UnsafeBufferPointer<UInt8>, _ nowMember: Range<Int>) throws -> R) rethrows -> R {
        try ByteOutput.withReusable { output in
            let nowMember = write(slot: slot, id: id, decision, subject: subject, now: now, to: &output)
            return try output.withBytes { try body($0, nowMember) }
        }
    }

    func write(slot: Int, id: String?, _ decision: TipDecision, subject: String, now: Int64, to output: inout ByteOutput) -> Range<Int> {
        // Asked by slot (`id` nil), the answer echoes the declared id: its run, with no string read.
        let request = TipAnswerJSON.Request(op: "tip.status", id: id ?? "", arguments: [:], changes: nil, subject: subject, now: now)
        return TipAnswerJSON.write(decision, .changed, request, content: runs(slot: slot, askedByDeclaredID: id == nil, decision), to: &output)
    }

    /// The content of the tip in `slot` as `decision` gives it: the runs of the decision's
    /// locale, and a templated text's values.
    func runs(slot: Int, askedByDeclaredID: Bool, _ decision: TipDecision) -> some TipAnswerContent {
        precondition(slot >= 0 && slot < index.ids.count, "tip slot \(slot) out of range")
        var runs = TipRuns(templates: self, slot: slot, locale: content.index(ofLocale: decision.locale), askedByDeclaredID: askedByDeclaredID)
        if let values = decision.templateValues {
            runs.values = values
            if values.templates.hasActionTemplates { runs.filledActions = decision.content.actions }
        }
        return runs
    }

    /// One tip's runs, as the writer's content.
    private struct TipRuns: TipAnswerContent {
        let bytes: UnsafeMutablePointer<UInt8>
        /// The slot's first bound.
        let bound: UnsafeMutablePointer<Int>

        /// Whether the answer is asked for by the declared id itself (no id given to compare).
        let askedByDeclaredID: Bool
        /// A templated tip's values, whose texts replace the runs of the texts that are templates
        /// (the runs hold their patterns); nil for a tip whose texts are all plain.
        var values: TemplateValues? = nil
        /// The actions with their titles filled in, when any title is a template.
        var filledActions: [TipAction]? = nil

        init(templates: TipAnswerTemplates, slot: Int, locale: Int, askedByDeclaredID: Bool) {
            bytes = templates.bytes
            bound = templates.bounds + TipAnswerTemplates.runsPerTip * (locale * templates.index.ids.count + slot)
            self.askedByDeclaredID = askedByDeclaredID
        }

        @inline(__always)
        func run(_ run: Run) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: bytes + bound[run.rawValue], count: bound[run.rawValue + 1] - bound[run.rawValue])
        }

        @inline(__always)
        func writeActions(to output: inout ByteOutput) {
            if let filledActions { return DeclaredTipContent.writeActions(filledActions, to: &output) }
            output.append(run(.actions))
        }

        /// The declared id's run when `id` is the declared id byte for byte (not merely an equal
        /// string: the answer echoes the id asked for); otherwise `id` written out.
        @inline(__always)
        func writeID(_ id: String, to output: inout ByteOutput) {
            if askedByDeclaredID { return output.append(run(.id)) }
            var id = id
            let declared = run(.idBytes)
            let same = id.withUTF8 { given in
                given.count == declared.count && (given.isEmpty || memcmp(given.baseAddress!, declared.baseAddress!, given.count) == 0)
            }
            if same { output.append(run(.id)) } else { DeclaredTipContent.writeID(id, to: &output) }
        }

        @inline(__always)
        func writeImage(to output: inout ByteOutput) { output.append(run(.image)) }
        /// The locale's run: the decision's locale is the one the runs were chosen by.
        @inline(__always)
        func writeLocale(_ locale: String, to output: inout ByteOutput) { output.append(run(.locale)) }
        @inline(__always)
        func writeMessage(to output: inout ByteOutput) { write(TipTemplates.message, ",\"message\":", else: .message, to: &output) }
        @inline(__always)
        func writeTitle(to output: inout ByteOutput) { write(TipTemplates.title, ",\"title\":", else: .title, to: &output) }

        /// Text `index` of a templated tip, filled in, after `member` (its comma, key and colon);
        /// otherwise the run `plain`, which holds the same members for a plain text.
        @inline(__always)
        private func write(_ index: Int, _ member: StaticString, else plain: Run, to output: inout ByteOutput) {
            let filled = values?.withText(index) { text in
                output.append(member)
                JSONValue.writeString(utf8: text, to: &output)
            }
            if filled != true { output.append(run(plain)) }
        }
    }
}
