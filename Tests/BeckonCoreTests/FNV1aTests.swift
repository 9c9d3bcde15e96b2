import BeckonCore
import Testing

/// The one FNV-1a: the published 64-bit test vectors, and a hash combined in parts is the hash
/// of the whole (the server's entity tags hash an answer around its `now`).
@Suite("FNV-1a")
struct FNV1aTests {
    @Test(arguments: [
        ("", UInt64(0xcbf2_9ce4_8422_2325)),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func publishedVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(Array(text.utf8)) == hash)
    }

    @Test func partsHashAsTheWhole() {
        let bytes = Array("{\"id\":\"tip\",\"status\":\"available\"}".utf8)
        for cut in bytes.indices {
            var hash = FNV1a()
            hash.combine(bytes[..<cut])
            hash.combine(bytes[cut...])
            #expect(hash.value == FNV1a.hash(bytes))
        }
    }
}
