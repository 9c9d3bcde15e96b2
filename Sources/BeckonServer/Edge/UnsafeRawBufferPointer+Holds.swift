import Glibc

extension UnsafeRawBufferPointer {
    /// Whether these bytes hold `expected` at `offset`, compared with `memcmp`: the generic
    /// `starts(with:)` of a slice against an array or a `utf8` view costs ~0.3–0.5k instructions
    /// a call, which the requests read on their bytes (`WholeRequest`, a tip status's or an OFREP
    /// evaluation's path) would pay several times each.
    func holds(_ expected: UnsafeRawBufferPointer, at offset: Int = 0) -> Bool {
        guard offset >= 0, offset + expected.count <= count else { return false }
        return expected.isEmpty || memcmp(baseAddress! + offset, expected.baseAddress!, expected.count) == 0
    }

    /// Whether these bytes hold `literal`'s UTF-8 at `offset`.
    func holds(_ literal: StaticString, at offset: Int = 0) -> Bool {
        holds(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), at: offset)
    }
}
