@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import CBeckonPlugin
import Testing

/// The calendar plugin's config check (ABI 1.1 `check_config`): every problem at once, unknown and
/// repeated keys at the key; its `validate_config`, for 1.0 hosts, still reports the first one.
@Suite("calendar config problems")
struct CalendarConfigProblemTests {
    static let config: ConfigValue = .map([
        ("timeZone", .string("+25:00")), ("weekends", .list([.int(6)])),
        ("holidays", .list([.string("2026-12-25"), .string("2026-13-01")])), ("weekend", .list([.int(6), .int(6)])),
    ])

    static func span(line: Int, column: Int) -> SourceSpan {
        SourceSpan(file: CalendarPluginTests.file, at: SourcePosition(line: line, column: column))
    }

    @Test("every problem is reported, each at its value, an unknown key at the key")
    func everyProblem() throws {
        let values = ["": Self.span(line: 5, column: 7), "/timeZone": Self.span(line: 6, column: 17),
                      "/weekends": Self.span(line: 7, column: 17), "/holidays/1": Self.span(line: 8, column: 30),
                      "/weekend/1": Self.span(line: 9, column: 20)]
        let keys = ["/timeZone": Self.span(line: 6, column: 7), "/weekends": Self.span(line: 7, column: 7)]
        let declaration = PluginDeclaration(path: try CalendarPluginTests.library(), writtenPath: "libcal.so", namespace: nil,
                                            config: Self.config, configSpans: values, configKeySpans: keys,
                                            span: CalendarPluginTests.declarationSpan)
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(host.plugins.isEmpty)
        #expect(diagnostics.map(\.message) == [
            "plugin 'libcal.so' refused its config at /holidays/1: '2026-13-01' is not a date (YYYY-MM-DD)",
            "plugin 'libcal.so' refused its config at /timeZone: time zone '+25:00' is not a valid offset (expected +HH:MM or -HH:MM up to 18 hours, such as '+05:30')",
            "plugin 'libcal.so' refused its config at /weekend/1: weekend day 6 is listed twice",
            "plugin 'libcal.so' refused its config at /weekends: unknown key 'weekends' (expected timeZone, holidays, weekend)",
        ])
        #expect(diagnostics.map(\.span) == [values["/holidays/1"], values["/timeZone"], values["/weekend/1"], keys["/weekends"]])
    }

    @Test("validate_config, for 1.0 hosts, reports the first problem with its pointer")
    func firstProblemFor1_0Hosts() throws {
        let descriptor = try PluginLibrary.load(path: try CalendarPluginTests.library(), host: HostServices.table).get()
        let validate = try #require(descriptor.contents.validate_config)
        let (status, message, pointer) = withView(#"{"weekend":[9],"weekends":[6]}"#) { view in
            CError.with { error in
                let status = validate(view, error)
                return (status, CError.message(error, status: status), CError.jsonPointer(error))
            }
        }
        #expect(status == BECKON_INVALID_ARGUMENT)
        #expect(message == "weekend day 9 is out of range: ISO weekdays go from 1 (Monday) to 7 (Sunday)")
        #expect(pointer == "/weekend/0")
    }
}
