@testable import BeckonPluginHost
import BeckonRules
import CBeckonPlugin
import Testing

/// The descriptor validator on descriptors built in Swift: one sound descriptor, then each way of
/// breaking it with the exact messages, and condition signatures on their own.
@Suite("plugin descriptor validation")
struct LoadingTests {
    static let path = "plugins/libtest.so"

    static func validate(_ descriptor: LoadingTestDescriptor, hostMinor: UInt32 = 0) -> Result<PluginDescriptor, PluginLoadFailure> {
        DescriptorValidator.validate(descriptor.make(), path: "/abs/" + path, shownPath: path, hostMinor: hostMinor)
    }

    @Test("a sound descriptor becomes Swift values")
    func sound() throws {
        let plugin = try Self.validate(.sound()).get()
        #expect(plugin.path == "/abs/plugins/libtest.so")
        #expect(plugin.name == "ok")
        #expect(plugin.version == "1.2.3")
        #expect(plugin.summary == "a plugin for the tests")
        #expect(plugin.abiMajor == 1 && plugin.abiMinor == HostServices.abiMinor && plugin.minHostMinor == 0)
        #expect(plugin.conditions.map(\.name) == ["first", "second"])
        #expect(plugin.conditions.map(\.signatureText) == ["() -> bool", "(int, string) -> version"])
        #expect(plugin.conditions[0].parameters == [] && plugin.conditions[0].result == .bool)
        #expect(plugin.conditions[1].parameters == [.int, .string] && plugin.conditions[1].result == .version)
        #expect(plugin.conditions[0].isPure && !plugin.conditions[0].serializesCalls)
        #expect(plugin.conditions[0].summary == nil)
        #expect(plugin.stores.map(\.name) == ["disk"])
        #expect(plugin.stores[0].capabilities == UInt32(BECKON_STORE_DURABLE))
        #expect(!plugin.serializesCalls)
    }

    @Test("later minors are read as 1.0: a bigger struct, unknown flags, a newer abi_minor")
    func laterMinor() throws {
        var descriptor = LoadingTestDescriptor.sound()
        descriptor.pluginAllocation = MemoryLayout<beckon_plugin>.size + 64
        descriptor.plugin.struct_size += 64
        descriptor.plugin.abi_minor = 7
        descriptor.plugin.flags = 0xFFFF_FFF0
        descriptor.conditions[0]?.struct_size += 8
        let plugin = try Self.validate(descriptor).get()
        #expect(plugin.abiMinor == 7)
        #expect(plugin.conditions.count == 2)
    }

    @Test("a plugin that needs host 1.2 loads in a 1.2 host")
    func newerHost() throws {
        var descriptor = LoadingTestDescriptor.sound()
        descriptor.plugin.abi_minor = 2
        descriptor.plugin.min_host_minor = 2
        #expect(throws: Never.self) { try Self.validate(descriptor, hostMinor: 2).get() }
        #expect(throws: Never.self) { try Self.validate(descriptor, hostMinor: 3).get() }
    }

    static let cases: [LoadingTestCase] = [
        .init("struct_size too small to hold the versions", "struct_size is 4, smaller than beckon_plugin in ABI 1.0 (104 bytes)") {
            $0.plugin.struct_size = 4
        },
        .init("another major names its minor", "built for ABI 2.1 (abi_major 2); this host speaks ABI 1.x") {
            $0.plugin.abi_major = 2
            $0.plugin.abi_minor = 1
        },
        .init("major 0", "built for ABI 0.9 (abi_major 0); this host speaks ABI 1.x") {
            $0.plugin.abi_major = 0
            $0.plugin.abi_minor = 9
        },
        .init("needs a newer host", "needs host ABI 1.1 or newer (min_host_minor 1); this host is 1.0") {
            $0.plugin.abi_minor = 1
            $0.plugin.min_host_minor = 1
        },
        .init("name NULL", "name is NULL") { $0.plugin.name = nil },
        .init("version NULL", "version is NULL") { $0.plugin.version = nil },
        .init("version empty", "version is empty") { $0.plugin.version = LoadingTestDescriptor.cString("") },
        .init("name with a space", "name 'my plugin' is not a valid plugin name: it must match [A-Za-z][A-Za-z0-9_]*") {
            $0.plugin.name = LoadingTestDescriptor.cString("my plugin")
        },
        .init("name starting with a digit", "name '2fa' is not a valid plugin name: it must match [A-Za-z][A-Za-z0-9_]*") {
            $0.plugin.name = LoadingTestDescriptor.cString("2fa")
        },
        .init("name with a newline is quoted escaped", "name 'a\\u{a}b' is not a valid plugin name: it must match [A-Za-z][A-Za-z0-9_]*") {
            $0.plugin.name = LoadingTestDescriptor.cString("a\nb")
        },
        .init("summary not UTF-8", "summary is not valid UTF-8") {
            $0.plugin.summary = LoadingTestDescriptor.cString(bytes: [0x63, 0x61, 0x66, 0xC3])
        },
        .init("summary too long", "summary is longer than 4096 bytes (or not NUL-terminated)") {
            $0.plugin.summary = LoadingTestDescriptor.cString(String(repeating: "x", count: 4097))
        },
        .init("condition name with a hyphen", "conditions[1].name 'is-open' is not a valid condition name: it must match [A-Za-z][A-Za-z0-9_]*") {
            $0.conditions[1]?.name = LoadingTestDescriptor.cString("is-open")
        },
        .init("condition name NULL", "conditions[0].name is NULL") { $0.conditions[0]?.name = nil },
        .init("condition signature NULL", "conditions[1].signature is NULL") { $0.conditions[1]?.signature = nil },
        .init("condition signature with an unknown type",
              "conditions[0].signature '(integer) -> bool' is malformed: unknown type 'integer' (the types are bool, int, double, string, duration, timestamp, version)") {
            $0.conditions[0]?.signature = LoadingTestDescriptor.cString("(integer) -> bool")
        },
        .init("condition evaluate NULL", "conditions[0].evaluate is NULL") { $0.conditions[0]?.evaluate = nil },
        .init("condition struct_size too small", "conditions[1].struct_size is 48, smaller than beckon_condition in ABI 1.0 (56 bytes)") {
            $0.conditions[1]?.struct_size = 48
        },
        .init("condition summary too long", "conditions[0].summary is longer than 4096 bytes (or not NUL-terminated)") {
            $0.conditions[0]?.summary = LoadingTestDescriptor.cString(String(repeating: "é", count: 2049))
        },
        .init("duplicate condition names", "conditions[2].name 'first' is also the name of conditions[0]") {
            $0.conditions.append(LoadingTestDescriptor.condition("first", "(double) -> bool"))
        },
        .init("conditions NULL with a count", "conditions is NULL but condition_count is 2") { $0.conditionArrayIsNull = true },
        .init("a NULL condition entry", "conditions[1] is NULL") { $0.conditions[1] = nil },
        .init("too many conditions", "condition_count is 5000, more than this host accepts (1024)") { $0.conditionCount = 5000 },
        .init("a huge count", "condition_count is \(Int.max), more than this host accepts (1024)") { $0.conditionCount = Int.max },
        .init("store name with a dot", "stores[0].name 'disk.v2' is not a valid store name: it must match [A-Za-z][A-Za-z0-9_-]*") {
            $0.stores[0]?.name = LoadingTestDescriptor.cString("disk.v2")
        },
        .init("store struct_size too small", "stores[0].struct_size is 64, smaller than beckon_store in ABI 1.0 (72 bytes)") {
            $0.stores[0]?.struct_size = 64
        },
        .init("store slots NULL, each named", ["stores[0].commit is NULL", "stores[0].read_log is NULL"]) {
            $0.stores[0]?.commit = nil
            $0.stores[0]?.read_log = nil
        },
        .init("store open and load NULL", ["stores[0].open is NULL", "stores[0].load is NULL"]) {
            $0.stores[0]?.open = nil
            $0.stores[0]?.load = nil
        },
        .init("duplicate store names", "stores[1].name 'disk' is also the name of stores[0]") {
            $0.stores.append(LoadingTestDescriptor.store("disk"))
        },
        .init("stores NULL with a count", "stores is NULL but store_count is 1") { $0.storeArrayIsNull = true },
        .init("a NULL store entry", "stores[1] is NULL") { $0.stores.append(nil) },
        .init("too many stores", "store_count is 1025, more than this host accepts (1024)") { $0.storeCount = 1025 },
        .init("every problem at once, in field order", [
            "name is NULL",
            "summary is not valid UTF-8",
            "conditions[0].signature '(int,) -> bool' is malformed: expected a type after ',', found ')'",
            "conditions[1].evaluate is NULL",
            "stores[0].name is empty",
        ]) {
            $0.plugin.name = nil
            $0.plugin.summary = LoadingTestDescriptor.cString(bytes: [0xFF])
            $0.conditions[0]?.signature = LoadingTestDescriptor.cString("(int,) -> bool")
            $0.conditions[1]?.evaluate = nil
            $0.stores[0]?.name = LoadingTestDescriptor.cString("")
        },
    ]

    @Test("each broken descriptor is refused with messages naming the file and the field", arguments: cases)
    func refused(_ testCase: LoadingTestCase) {
        var descriptor = LoadingTestDescriptor.sound()
        testCase.change(&descriptor)
        let prefix = "plugin 'plugins/libtest.so': "
        switch Self.validate(descriptor) {
        case .success:
            Issue.record("accepted")
        case .failure(let failure):
            #expect(failure.messages == testCase.problems.map { prefix + $0 })
        }
    }

    @Test("a condition descriptor that is not aligned is refused before it is read")
    func misaligned() throws {
        var descriptor = LoadingTestDescriptor.sound()
        descriptor.misalignSecondCondition = true
        let failure = try #require(Self.validate(descriptor).failure)
        #expect(failure.message.hasPrefix("plugin 'plugins/libtest.so': conditions[1] at 0x"))
        #expect(failure.message.hasSuffix(" is not aligned for beckon_condition"))
        #expect(failure.additionalMessages.isEmpty)
    }

    @Test("the 1.0 sizes match the header's BECKON_*_SIZE_1_0 (also in the ABI snapshot)")
    func sizes() {
        #expect(ABISizes.plugin == 104)
        #expect(ABISizes.condition == 56)
        #expect(ABISizes.store == 72)
    }
}

fileprivate extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
