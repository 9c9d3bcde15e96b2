import BeckonCore

/// The members of a tip answer that the tip's declaration fixes (its content and its id), each
/// written after a comma, or nothing when the tip has none: what `TipAnswerJSON` asks for at
/// their places in key order.
protocol TipAnswerContent {
    /// `,"actions":[{"id":…,"title":…},…]`, or nothing when there are none.
    func writeActions(to output: inout ByteOutput)
    /// `,"id":"…"` for the id asked for (which is echoed as given).
    func writeID(_ id: String, to output: inout ByteOutput)
    /// `,"image":"…"`, or nothing.
    func writeImage(to output: inout ByteOutput)
    /// `,"locale":"…"` for the locale the content is in (the decision's).
    func writeLocale(_ locale: String, to output: inout ByteOutput)
    /// `,"message":"…"`, or nothing.
    func writeMessage(to output: inout ByteOutput)
    /// `,"title":"…"`.
    func writeTitle(to output: inout ByteOutput)
}

/// The content members written from the declaration itself.
struct DeclaredTipContent: TipAnswerContent {
    let tip: TipDeclaration

    init(_ tip: TipDeclaration) {
        self.tip = tip
    }

    func writeActions(to output: inout ByteOutput) {
        Self.writeActions(tip.actions, to: &output)
    }

    /// `,"actions":[…]` for `actions`, or nothing when there are none.
    static func writeActions(_ actions: [TipAction], to output: inout ByteOutput) {
        guard !actions.isEmpty else { return }
        output.append(",\"actions\":[")
        for (index, action) in actions.enumerated() {
            output.append(index == 0 ? "{\"id\":" : ",{\"id\":")
            JSONValue.writeString(action.id, to: &output)
            output.append(",\"title\":")
            ContentWriter.write(action.title, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
    }

    func writeID(_ id: String, to output: inout ByteOutput) {
        Self.writeID(id, to: &output)
    }

    /// `,"id":"…"`, for any id.
    static func writeID(_ id: String, to output: inout ByteOutput) {
        writeMember(",\"id\":", id, to: &output)
    }

    func writeImage(to output: inout ByteOutput) {
        guard let image = tip.image else { return }
        Self.writeMember(",\"image\":", image, to: &output)
    }

    func writeLocale(_ locale: String, to output: inout ByteOutput) {
        Self.writeLocale(locale, to: &output)
    }

    /// `,"locale":"…"`, for any locale.
    static func writeLocale(_ locale: String, to output: inout ByteOutput) {
        writeMember(",\"locale\":", locale, to: &output)
    }

    /// A string member: `prefix` (the comma, the key and the colon), then `value` as a JSON string.
    @inline(__always)
    private static func writeMember(_ prefix: StaticString, _ value: String, to output: inout ByteOutput) {
        output.append(prefix)
        JSONValue.writeString(value, to: &output)
    }

    func writeMessage(to output: inout ByteOutput) {
        guard let message = tip.message else { return }
        output.append(",\"message\":")
        ContentWriter.write(message, to: &output)
    }

    func writeTitle(to output: inout ByteOutput) {
        output.append(",\"title\":")
        ContentWriter.write(tip.title, to: &output)
    }
}
