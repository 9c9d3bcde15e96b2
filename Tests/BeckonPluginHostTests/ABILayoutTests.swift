import BeckonTestSupport
import CBeckonPlugin
import Foundation
import Testing

/// The ABI's layouts against a committed snapshot (Fixtures/abi-layout-v1.txt): every field's
/// offset and size, every struct's size and alignment and every constant, as a C compiler sees
/// the header (Fixtures/abi_layout.c) and as this Swift host sees it. A field reordered,
/// resized or inserted mid-struct fails here; appending one in a new minor updates the snapshot
/// on purpose. The snapshot is for LP64 platforms (64-bit Linux and macOS).
@Suite("ABI layout snapshot", .enabled(if: MemoryLayout<Int>.size == 8, "the snapshot is for LP64 platforms"))
struct ABILayoutTests {
    static let fixtures = Repository.url("Tests/BeckonPluginHostTests/Fixtures")

    static func snapshot() throws -> [String] {
        try String(contentsOf: fixtures.appendingPathComponent("abi-layout-v1.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    @Test("the header's layout as cc sees it matches the snapshot")
    func cLayout() throws {
        let lines = try ABILayoutProgram.run(headerFolder: CPluginBuilder.headerFolder)
        let differences = ABILayoutProgram.differences(expected: try Self.snapshot(), actual: lines)
        #expect(differences.isEmpty, "the ABI layout changed:\n\(differences.joined(separator: "\n"))")
    }

    @Test("the Swift host's view of every struct matches the snapshot")
    func swiftLayout() throws {
        let snapshot = Set(try Self.snapshot())
        let missing = ABILayoutSwiftView.lines.filter { !snapshot.contains($0) }
        #expect(missing.isEmpty, "Swift sees these layouts differently from the snapshot:\n\(missing.joined(separator: "\n"))")
        // Every field and struct the snapshot lists is checked from Swift too (union members aside:
        // Swift imports them as computed properties).
        let swiftKeys = Set(ABILayoutSwiftView.lines.map(ABILayoutProgram.key))
        let unchecked = snapshot.filter { !$0.hasPrefix("define") && !$0.hasPrefix("symbol") && !$0.contains(".as.") }
            .map(ABILayoutProgram.key).filter { !swiftKeys.contains($0) }
        #expect(unchecked.isEmpty, "not checked from Swift: \(unchecked.sorted())")
    }

    @Test("the snapshot lists exactly the structs and fields of the header")
    func complete() throws {
        let header = try String(contentsOf: CPluginBuilder.headerFolder.appendingPathComponent("beckon_plugin.h"), encoding: .utf8)
        let structs = HeaderFields.parse(header)
        #expect(structs.count == 14, "structs found: \(structs.map(\.name))")
        let inHeader = Set(structs.flatMap { item in ["sizeof \(item.name)"] + item.fields.map { "\(item.name).\($0)" } })
        let inSnapshot = Set(try Self.snapshot().map(ABILayoutProgram.key).filter {
            !$0.hasPrefix("define ") && !$0.hasPrefix("symbol") && !$0.hasPrefix("alignof ") && !$0.contains(".as.")
        })
        #expect(inHeader.subtracting(inSnapshot).isEmpty, "missing from abi_layout.c: \(inHeader.subtracting(inSnapshot).sorted())")
        #expect(inSnapshot.subtracting(inHeader).isEmpty, "not in the header: \(inSnapshot.subtracting(inHeader).sorted())")
    }

    @Test("a header with a field moved mid-struct fails the comparison, naming the fields")
    func movedField() throws {
        let mutated = try ABILayoutProgram.mutatedHeaderFolder { header in
            let moved = "    uint32_t min_host_minor;\n"
            let anchor = "    size_t store_count;\n"
            try #require(header.components(separatedBy: moved).count == 2 && header.components(separatedBy: anchor).count == 2)
            return header.replacingOccurrences(of: moved, with: "").replacingOccurrences(of: anchor, with: moved + anchor)
        }
        let lines = try ABILayoutProgram.run(headerFolder: mutated)
        let differences = ABILayoutProgram.differences(expected: try Self.snapshot(), actual: lines)
        #expect(differences.contains("- beckon_plugin.min_host_minor 12 4"))
        #expect(differences.contains("- beckon_plugin.flags 16 4"))
        #expect(differences.contains("+ beckon_plugin.flags 12 4"))
    }

    @Test("a field appended to a growing struct shows as a layout change too (update the snapshot with the minor)")
    func appendedField() throws {
        let mutated = try ABILayoutProgram.mutatedHeaderFolder { header in
            let last = "    beckon_status (*check_config)(beckon_string config_json, beckon_config_problem_sink *problems, beckon_error *error);\n} beckon_plugin;"
            try #require(header.contains(last))
            return header.replacingOccurrences(of: "\n} beckon_plugin;", with: "\n    uint64_t added_in_1_2;\n} beckon_plugin;")
        }
        let lines = try ABILayoutProgram.run(headerFolder: mutated)
        let differences = ABILayoutProgram.differences(expected: try Self.snapshot(), actual: lines)
        #expect(differences == ["- sizeof beckon_plugin 112", "+ sizeof beckon_plugin 120"])
    }

    @Test("an unchanged copy of the header matches (the mutation tests compare like with like)")
    func unchangedCopy() throws {
        let copy = try ABILayoutProgram.mutatedHeaderFolder { $0 }
        let lines = try ABILayoutProgram.run(headerFolder: copy)
        #expect(ABILayoutProgram.differences(expected: try Self.snapshot(), actual: lines).isEmpty)
    }
}
