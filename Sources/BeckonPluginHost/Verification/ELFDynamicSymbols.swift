/// What a shared object's dynamic symbol table says it offers and needs, read from the file
/// (ELF64, little-endian: the Linux machines Beckon runs on), without loading it.
///
/// This is the table the dynamic loader links with: `exported` is what `-fvisibility=hidden`
/// should reduce to the entry symbol, `undefined` what the file needs from elsewhere, and
/// `needed` the libraries (`DT_NEEDED`) it names to provide it.
struct ELFDynamicSymbols: Equatable {
    /// Defined, global or weak, default or protected visibility: what another object can link to.
    var exported: [String]
    /// Used but not defined here, and required (not weak).
    var undefined: [String]
    /// Used but not defined here, and weak: linking goes on without them.
    var weakUndefined: [String]
    /// The libraries the file names (`DT_NEEDED`), in order.
    var needed: [String]

    /// Why a file is not a shared object this reader understands.
    struct Problem: Error, Equatable {
        var message: String
    }

    /// Reads the symbols of an ELF64 little-endian file's bytes.
    static func read(_ bytes: [UInt8]) -> Result<ELFDynamicSymbols, Problem> {
        let file = ByteReader(bytes: bytes)
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]) else {
            return .failure(Problem(message: "not an ELF file"))
        }
        guard bytes[4] == 2, bytes[5] == 1 else { return .failure(Problem(message: "not a 64-bit little-endian ELF file")) }
        guard file.u16(16) == 3 else { return .failure(Problem(message: "not a shared object (ELF type \(file.u16(16) ?? 0))")) }
        guard let sectionOffset = file.u64(0x28), let entrySize = file.u16(0x3A), let count = file.u16(0x3C), entrySize >= 64 else {
            return .failure(Problem(message: "its section header table cannot be read"))
        }
        let sections: [Section] = (0..<Int(count)).compactMap { index in
            Section(file, at: Int(clamping: sectionOffset) &+ index &* Int(entrySize))
        }
        guard sections.count == Int(count) else { return .failure(Problem(message: "its section header table is cut short")) }
        guard let dynsym = sections.first(where: { $0.type == 11 }), sections.indices.contains(Int(dynsym.link)) else {
            return .failure(Problem(message: "it has no dynamic symbol table"))
        }
        let names = sections[Int(dynsym.link)]
        var symbols = ELFDynamicSymbols(exported: [], undefined: [], weakUndefined: [], needed: [])
        let symbolCount = dynsym.entrySize >= 24 ? Int(clamping: dynsym.size / dynsym.entrySize) : 0
        for index in 1..<max(min(symbolCount, bytes.count / 24), 1) {
            let at = Int(clamping: dynsym.offset) &+ index &* Int(clamping: dynsym.entrySize)
            guard let nameOffset = file.u32(at), let info = file.u8(at &+ 4), let other = file.u8(at &+ 5),
                  let sectionIndex = file.u16(at &+ 6), let name = file.string(at: Int(clamping: names.offset) &+ Int(nameOffset)), !name.isEmpty else { continue }
            let binding = info >> 4, visibility = other & 0x3
            let isGlobal = binding == 1 || binding == 2 || binding == 10  // GLOBAL, WEAK, GNU_UNIQUE
            guard isGlobal else { continue }
            if sectionIndex == 0 {
                if binding == 2 { symbols.weakUndefined.append(name) } else { symbols.undefined.append(name) }
            } else if visibility == 0 || visibility == 3 {
                symbols.exported.append(name)
            }
        }
        if let dynamic = sections.first(where: { $0.type == 6 }), sections.indices.contains(Int(dynamic.link)) {
            let strings = sections[Int(dynamic.link)]
            var at = Int(clamping: dynamic.offset)
            let end = Int(clamping: dynamic.offset) &+ Int(clamping: min(dynamic.size, UInt64(bytes.count)))
            while at <= end &- 16, let tag = file.u64(at), tag != 0 {
                if tag == 1, let value = file.u64(at &+ 8), let name = file.string(at: Int(clamping: strings.offset) &+ Int(clamping: value)) {
                    symbols.needed.append(name)
                }
                at += 16
            }
        }
        return .success(symbols)
    }

    /// One section header: its type, where its bytes are, the section it links to, its entry size.
    private struct Section {
        var type: UInt32
        var offset: UInt64
        var size: UInt64
        var link: UInt32
        var entrySize: UInt64

        init?(_ file: ByteReader, at header: Int) {
            guard let type = file.u32(header &+ 4), let offset = file.u64(header &+ 0x18), let size = file.u64(header &+ 0x20),
                  let link = file.u32(header &+ 0x28), let entrySize = file.u64(header &+ 0x38) else { return nil }
            (self.type, self.offset, self.size, self.link, self.entrySize) = (type, offset, size, link, entrySize)
        }
    }

    /// Little-endian reads that answer nil past the end instead of trapping.
    private struct ByteReader {
        var bytes: [UInt8]

        func u8(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }
        func u16(_ at: Int) -> UInt16? { integer(at, 2).map { UInt16($0) } }
        func u32(_ at: Int) -> UInt32? { integer(at, 4).map { UInt32($0) } }
        func u64(_ at: Int) -> UInt64? { integer(at, 8) }

        private func integer(_ at: Int, _ width: Int) -> UInt64? {
            guard at >= 0, width <= bytes.count, at <= bytes.count - width else { return nil }
            return (0..<width).reversed().reduce(0) { $0 << 8 | UInt64(bytes[at + $1]) }
        }

        /// The NUL-terminated text at `at`.
        func string(at: Int) -> String? {
            guard at >= 0, at < bytes.count, let end = bytes[at...].firstIndex(of: 0) else { return nil }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }
    }
}
