import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
import BeckonTestSupport
import Foundation
import Synchronization
import Testing

/// The first-party calendar plugin (Plugins/calendar, plain C), built with the third-party cc
/// line, loaded through PluginHost and called from compiled rules, the way `beckon` runs it.
/// Every instant comes from the rule context's `now`: the plugin never reads the wall clock.
@Suite("calendar plugin")
struct CalendarPluginTests {
    // MARK: - Building and loading

    /// Plugins/calendar/*.c, as build.sh compiles them.
    static let sources: [String] = {
        let folder = Repository.url("Plugins/calendar")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".c") }.sorted().map { "Plugins/calendar/\($0)" }
    }()

    static func library() throws -> String {
        try CPluginBuilder.build("beckon-calendar", sources: sources)
    }

    /// The zone tests read the system's IANA database, as the plugin does in production.
    static let hasZoneDatabase = FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin")

    /// Where the declaration and its config values are "written", so that diagnostics can be
    /// checked against the spans the host maps the plugin's JSON pointers to.
    static let file = "beckon.yaml"
    static let declarationSpan = SourceSpan(file: file, at: SourcePosition(line: 4, column: 11))

    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Loads the calendar with `config` as namespace `namespace` (nil: its own name).
    static func load(_ config: ConfigValue, namespace: String? = nil, configSpans: [String: SourceSpan] = [:]) throws
        -> (host: PluginHost, diagnostics: [Diagnostic]) {
        let path = try library()
        let declaration = PluginDeclaration(path: path, writtenPath: "plugins/libbeckon-calendar.so", namespace: namespace,
                                            config: config, configSpans: configSpans, span: declarationSpan)
        return PluginHost.load([declaration])
    }

    /// Loads a config that must be accepted.
    static func host(_ config: ConfigValue) throws -> PluginHost {
        let (host, diagnostics) = try load(config)
        guard diagnostics.isEmpty else { throw LoadFailure(description: diagnostics.map(\.message).joined(separator: "\n")) }
        return host
    }

    static func config(timeZone: String? = nil, holidays: [String]? = nil, weekend: [Int64]? = nil) -> ConfigValue {
        var entries: [(String, ConfigValue)] = []
        if let timeZone { entries.append(("timeZone", .string(timeZone))) }
        if let holidays { entries.append(("holidays", .list(holidays.map { .string($0) }))) }
        if let weekend { entries.append(("weekend", .list(weekend.map { .int($0) }))) }
        return .map(entries)
    }

    // MARK: - Rules

    /// Parameters rules can pass as non-constant arguments.
    static let parameterSlots: [String: (slot: Int, type: ValueType)] = [
        "start": (0, .int), "end": (1, .int), "first": (2, .string), "last": (3, .string),
    ]

    static func compiler(_ host: PluginHost) -> RuleCompiler {
        var schema = RuleSchema()
        for (name, parameter) in parameterSlots { schema.parameters[name] = .init(slot: parameter.slot, type: parameter.type) }
        schema.functions = host.functions
        return RuleCompiler(schema: schema)
    }

    static func compile(_ text: String, _ host: PluginHost) -> RuleCompilation {
        compiler(host).compile(text, origin: TextOrigin(file: file, startingAt: SourcePosition(line: 9, column: 9)))
    }

    /// Compiles a rule that must compile without errors.
    static func rule(_ text: String, _ host: PluginHost, sourceLocation: SourceLocation = #_sourceLocation) throws -> CompiledRule {
        let compilation = compile(text, host)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(text): \(errors.map(\.message))", sourceLocation: sourceLocation)
        return try #require(compilation.rule, sourceLocation: sourceLocation)
    }

    /// Evaluates `text` at `instant`; on an unexpected outcome the explanation shows each value.
    static func expect(_ text: String, _ host: PluginHost, at instant: Int64, parameters: [String: Value] = [:],
                       _ expected: RuleOutcome, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rule = try rule(text, host, sourceLocation: sourceLocation)
        let context = CalendarContext(now: instant, parameters: parameters)
        let outcome = rule.evaluate(in: context)
        #expect(outcome == expected, "\(text) at \(instant) ms:\n\(rule.explain(in: context).rendered())",
                sourceLocation: sourceLocation)
    }

    /// Checks a two-argument condition once for each mix of how its arguments are written: a
    /// mix says, for each argument, whether it is read from its parameter (`params.<name>`) or
    /// written as its literal. Constants are bound once and parameters read at each evaluation,
    /// so each mix takes its own path through the plugin.
    static func expectPair(_ function: String, _ arguments: [(name: String, literal: String, value: Value)],
                           mixes: [(Bool, Bool)], _ host: PluginHost, at instant: Int64, _ expected: RuleOutcome,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (first, second) in mixes {
            let fromParameters = [first, second]
            let written = zip(arguments, fromParameters).map { $1 ? "params.\($0.name)" : $0.literal }
            let parameters = fromParameters.contains(true)
                ? Dictionary(uniqueKeysWithValues: arguments.map { ($0.name, $0.value) }) : [:]
            try expect("calendar.\(function)(\(written.joined(separator: ", ")))", host, at: instant,
                       parameters: parameters, expected, sourceLocation: sourceLocation)
        }
    }

    /// Unix milliseconds of an ISO 8601 UTC instant ("2026-03-29T01:00:00Z").
    static func instant(_ text: String) -> Int64 {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    // MARK: - The descriptor

    @Test("the plugin describes itself: calendar 1.0.0, built for this host's ABI (needs host 1.0), seven pure conditions, no stores")
    func descriptor() throws {
        let host = try Self.host(.null)
        let plugin = try #require(host.plugins.first)
        #expect(plugin.name == "calendar")
        #expect(plugin.namespace == "calendar")
        #expect(plugin.version == "1.0.0")
        #expect(plugin.abi == PluginHost.abiVersion)
        #expect(plugin.minimumHostABI == "1.0")
        #expect(plugin.summary?.isEmpty == false)
        #expect(plugin.stores.isEmpty)
        let signatures = Dictionary(uniqueKeysWithValues: plugin.conditions.map { ($0.name, $0.signature) })
        #expect(signatures == [
            "weekday": "() -> int", "isWeekend": "() -> bool", "hour": "() -> int",
            "hourBetween": "(int, int) -> bool", "between": "(string, string) -> bool",
            "isHoliday": "() -> bool", "localDate": "() -> string",
        ])
        #expect(plugin.conditions.allSatisfy { $0.flags == ["pure"] && $0.summary?.isEmpty == false })
        #expect(Set(host.functions.keys) == Set(signatures.keys.map { "calendar.\($0)" }))
    }

    @Test("'as:' renames the namespace rules use")
    func namespace() throws {
        let (host, diagnostics) = try Self.load(.null, namespace: "cal")
        #expect(diagnostics.isEmpty)
        #expect(host.functions["cal.weekday"] != nil)
        #expect(host.functions["calendar.weekday"] == nil)
        try Self.expect("cal.localDate() == \"1970-01-01\"", host, at: 0, .satisfied)
    }

    @Test("the built .so links only libc: no Swift runtime, one exported symbol")
    func linksOnlyLibc() throws {
        let path = try Self.library()
        let (status, output) = try ProcessRunner.combined("ldd", [path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("libc.so"), "\(output)")
        #expect(!output.lowercased().contains("swift"), "\(output)")
        let (nmStatus, symbols) = try ProcessRunner.combined("nm", ["-D", "--defined-only", path])
        #expect(nmStatus == 0, "\(symbols)")
        let exported = symbols.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        #expect(exported == ["beckon_plugin_entry_v1"], "\(symbols)")
    }

    @Test("build.sh spells the one plugin build line the tests build with")
    func buildScriptLine() throws {
        let script = try String(contentsOf: Repository.url("Plugins/calendar/build.sh"), encoding: .utf8)
        #expect(script.contains("cc " + CPlugin.flags.joined(separator: " ")), "\(script)")
    }

    @Test("build.sh builds from any folder and moves the result into place")
    func buildScript() throws {
        let folder = try TestRunFolder.newFolder("calendar")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("nested/libbeckon-calendar.so")
        let (status, log) = try CPlugin.buildCalendar(into: output.path, from: folder.path) // not from the repository root
        #expect(status == 0, "\(log)")
        #expect(FileManager.default.fileExists(atPath: output.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        #expect(leftovers == ["libbeckon-calendar.so"], "temporary files left behind: \(leftovers)")
    }

    // MARK: - weekday, hour, localDate across zones and DST changes

    /// An instant under a config and the local weekday, hour and date it must give.
    struct LocalTimeCase: Sendable, CustomTestStringConvertible {
        var config: ConfigValue
        var instant: Int64
        var weekday: Int
        var hour: Int
        var date: String
        /// How the instant and config read in the test's name, when not as milliseconds and config.
        var label: String? = nil
        var testDescription: String {
            "\(label ?? "\(instant) ms with \(config)") is \(date) hour \(hour), weekday \(weekday)"
        }

        /// An instant written in UTC, read in the IANA zone `zone`.
        static func zoned(zone: String, utc: String, weekday: Int, hour: Int, date: String) -> Self {
            .init(config: CalendarPluginTests.config(timeZone: zone), instant: CalendarPluginTests.instant(utc),
                  weekday: weekday, hour: hour, date: date, label: "\(utc) in \(zone)")
        }
    }

    /// The one rule both tables check: weekday, hour and localDate together.
    static func expectLocalTime(_ example: LocalTimeCase) throws {
        let host = try host(example.config)
        let rule = "calendar.weekday() == \(example.weekday) && calendar.hour() == \(example.hour)"
            + " && calendar.localDate() == \"\(example.date)\""
        try expect(rule, host, at: example.instant, .satisfied)
    }

    /// Expected values from the IANA database (checked against Python's zoneinfo): both sides of
    /// each DST change, local midnights, and 2045 (past the files' explicit transitions, so
    /// computed from their POSIX TZ footer).
    static let localTimeCases: [LocalTimeCase] = [
        // Berlin: CET -> CEST at 2026-03-29 01:00Z, back at 2026-10-25 01:00Z.
        .zoned(zone: "Europe/Berlin", utc: "2026-03-29T00:59:59Z", weekday: 7, hour: 1, date: "2026-03-29"),
        .zoned(zone: "Europe/Berlin", utc: "2026-03-29T01:00:00Z", weekday: 7, hour: 3, date: "2026-03-29"),
        .zoned(zone: "Europe/Berlin", utc: "2026-10-24T23:59:59Z", weekday: 7, hour: 1, date: "2026-10-25"),
        .zoned(zone: "Europe/Berlin", utc: "2026-10-25T00:59:59Z", weekday: 7, hour: 2, date: "2026-10-25"),
        .zoned(zone: "Europe/Berlin", utc: "2026-10-25T01:00:00Z", weekday: 7, hour: 2, date: "2026-10-25"),
        .zoned(zone: "Europe/Berlin", utc: "2026-12-24T22:59:59Z", weekday: 4, hour: 23, date: "2026-12-24"),
        .zoned(zone: "Europe/Berlin", utc: "2026-12-24T23:00:00Z", weekday: 5, hour: 0, date: "2026-12-25"),
        .zoned(zone: "Europe/Berlin", utc: "1970-01-01T00:00:00Z", weekday: 4, hour: 1, date: "1970-01-01"),
        // New York: EST -> EDT at 2026-03-08 07:00Z, back at 2026-11-01 06:00Z.
        .zoned(zone: "America/New_York", utc: "2026-03-08T06:59:59Z", weekday: 7, hour: 1, date: "2026-03-08"),
        .zoned(zone: "America/New_York", utc: "2026-03-08T07:00:00Z", weekday: 7, hour: 3, date: "2026-03-08"),
        .zoned(zone: "America/New_York", utc: "2026-11-01T05:59:59Z", weekday: 7, hour: 1, date: "2026-11-01"),
        .zoned(zone: "America/New_York", utc: "2026-11-01T06:00:00Z", weekday: 7, hour: 1, date: "2026-11-01"),
        .zoned(zone: "America/New_York", utc: "2026-11-01T07:00:00Z", weekday: 7, hour: 2, date: "2026-11-01"),
        .zoned(zone: "America/New_York", utc: "2026-01-01T04:59:59Z", weekday: 3, hour: 23, date: "2025-12-31"),
        .zoned(zone: "America/New_York", utc: "2026-01-01T05:00:00Z", weekday: 4, hour: 0, date: "2026-01-01"),
        .zoned(zone: "America/New_York", utc: "1960-06-01T12:00:00Z", weekday: 3, hour: 8, date: "1960-06-01"),
        // Sydney: southern hemisphere, DST across the new year.
        .zoned(zone: "Australia/Sydney", utc: "2026-04-04T15:59:59Z", weekday: 7, hour: 2, date: "2026-04-05"),
        .zoned(zone: "Australia/Sydney", utc: "2026-04-04T16:00:00Z", weekday: 7, hour: 2, date: "2026-04-05"),
        .zoned(zone: "Australia/Sydney", utc: "2026-10-03T15:59:59Z", weekday: 7, hour: 1, date: "2026-10-04"),
        .zoned(zone: "Australia/Sydney", utc: "2026-10-03T16:00:00Z", weekday: 7, hour: 3, date: "2026-10-04"),
        // A 45-minute offset.
        .zoned(zone: "Asia/Kathmandu", utc: "2026-01-01T00:00:00Z", weekday: 4, hour: 5, date: "2026-01-01"),
        // From the POSIX TZ footer.
        .zoned(zone: "Europe/Berlin", utc: "2045-03-26T00:59:59Z", weekday: 7, hour: 1, date: "2045-03-26"),
        .zoned(zone: "Europe/Berlin", utc: "2045-03-26T01:00:00Z", weekday: 7, hour: 3, date: "2045-03-26"),
        .zoned(zone: "Europe/Berlin", utc: "2045-10-29T00:59:59Z", weekday: 7, hour: 2, date: "2045-10-29"),
        .zoned(zone: "Europe/Berlin", utc: "2045-10-29T01:00:00Z", weekday: 7, hour: 2, date: "2045-10-29"),
        .zoned(zone: "America/New_York", utc: "2045-03-12T06:59:59Z", weekday: 7, hour: 1, date: "2045-03-12"),
        .zoned(zone: "America/New_York", utc: "2045-03-12T07:00:00Z", weekday: 7, hour: 3, date: "2045-03-12"),
        .zoned(zone: "America/New_York", utc: "2045-11-05T05:59:59Z", weekday: 7, hour: 1, date: "2045-11-05"),
        .zoned(zone: "America/New_York", utc: "2045-11-05T06:00:00Z", weekday: 7, hour: 1, date: "2045-11-05"),
    ]

    @Test("weekday, hour and localDate in IANA zones", .enabled(if: hasZoneDatabase, "no /usr/share/zoneinfo"),
          arguments: localTimeCases)
    func localTime(_ example: LocalTimeCase) throws {
        try Self.expectLocalTime(example)
    }

    /// UTC by default, and fixed offsets, none of which needs the zone database.
    static let offsetCases: [LocalTimeCase] = [
        .init(config: .null, instant: 0, weekday: 4, hour: 0, date: "1970-01-01"),
        .init(config: .map([]), instant: -1, weekday: 3, hour: 23, date: "1969-12-31"),
        .init(config: config(timeZone: "UTC"), instant: instant("2026-03-29T01:00:00Z"), weekday: 7, hour: 1, date: "2026-03-29"),
        .init(config: config(timeZone: "UTC"), instant: instant("2000-02-29T23:59:59Z"), weekday: 2, hour: 23, date: "2000-02-29"),
        .init(config: config(timeZone: "+05:30"), instant: instant("2026-06-30T18:29:59Z"), weekday: 2, hour: 23, date: "2026-06-30"),
        .init(config: config(timeZone: "+05:30"), instant: instant("2026-06-30T18:30:00Z"), weekday: 3, hour: 0, date: "2026-07-01"),
        .init(config: config(timeZone: "-03:00"), instant: instant("2026-01-01T02:59:59Z"), weekday: 3, hour: 23, date: "2025-12-31"),
        .init(config: config(timeZone: "-03:00"), instant: instant("2026-01-01T03:00:00Z"), weekday: 4, hour: 0, date: "2026-01-01"),
        .init(config: config(timeZone: "+14"), instant: instant("2026-01-01T10:00:00Z"), weekday: 5, hour: 0, date: "2026-01-02"),
    ]

    @Test("UTC by default and fixed offsets", arguments: offsetCases)
    func offsets(_ example: LocalTimeCase) throws {
        try Self.expectLocalTime(example)
    }

    @Test("instants at the ends of the 64-bit range still give a date")
    func extremeInstants() throws {
        let host = try Self.host(Self.config(timeZone: "+05:30"))
        try Self.expect("calendar.localDate() == \"292278994-08-17\" && calendar.weekday() == 7", host, at: .max, .satisfied)
        try Self.expect("calendar.localDate() == \"-292275055-05-16\" && calendar.hour() == 22", host, at: .min, .satisfied)
    }

    // MARK: - isWeekend

    struct WeekendCase: Sendable, CustomTestStringConvertible {
        var config: ConfigValue
        var utc: String
        var weekend: Bool
        var testDescription: String { "\(utc) with \(config): weekend \(weekend)" }
    }

    static let weekendCases: [WeekendCase] = [
        // 2026-06-01 is a Monday.
        .init(config: .null, utc: "2026-06-05T12:00:00Z", weekend: false), // Friday
        .init(config: .null, utc: "2026-06-06T00:00:00Z", weekend: true),  // Saturday
        .init(config: .null, utc: "2026-06-07T23:59:59Z", weekend: true),  // Sunday
        .init(config: .null, utc: "2026-06-08T00:00:00Z", weekend: false), // Monday
        // Friday and Saturday.
        .init(config: config(weekend: [5, 6]), utc: "2026-06-05T12:00:00Z", weekend: true),
        .init(config: config(weekend: [5, 6]), utc: "2026-06-07T12:00:00Z", weekend: false),
        // No weekend at all.
        .init(config: config(weekend: []), utc: "2026-06-06T12:00:00Z", weekend: false),
        // Local days: Friday 22:30Z is already Saturday in Berlin, Sunday 22:30Z Monday.
        .init(config: config(timeZone: "+02:00"), utc: "2026-06-05T22:30:00Z", weekend: true),
        .init(config: config(timeZone: "+02:00"), utc: "2026-06-07T22:30:00Z", weekend: false),
    ]

    @Test("isWeekend on local days, default Saturday and Sunday or the configured days", arguments: weekendCases)
    func weekend(_ example: WeekendCase) throws {
        let host = try Self.host(example.config)
        try Self.expect("calendar.isWeekend()", host, at: Self.instant(example.utc), example.weekend ? .satisfied : .notSatisfied)
    }

    // MARK: - hourBetween

    struct HourRangeCase: Sendable, CustomTestStringConvertible {
        var start: Int64
        var end: Int64
        var hour: Int
        var inside: Bool
        var testDescription: String { "hourBetween(\(start), \(end)) at hour \(hour): \(inside)" }
    }

    static let hourRangeCases: [HourRangeCase] = [
        .init(start: 9, end: 17, hour: 8, inside: false),
        .init(start: 9, end: 17, hour: 9, inside: true),
        .init(start: 9, end: 17, hour: 16, inside: true),
        .init(start: 9, end: 17, hour: 17, inside: false),
        // Wrapping past midnight.
        .init(start: 22, end: 6, hour: 21, inside: false),
        .init(start: 22, end: 6, hour: 22, inside: true),
        .init(start: 22, end: 6, hour: 23, inside: true),
        .init(start: 22, end: 6, hour: 0, inside: true),
        .init(start: 22, end: 6, hour: 5, inside: true),
        .init(start: 22, end: 6, hour: 6, inside: false),
        // The whole day, and an empty range.
        .init(start: 0, end: 24, hour: 0, inside: true),
        .init(start: 0, end: 24, hour: 23, inside: true),
        .init(start: 5, end: 5, hour: 5, inside: false),
        .init(start: 18, end: 24, hour: 23, inside: true),
        .init(start: 18, end: 24, hour: 0, inside: false),
    ]

    @Test("hourBetween with constants (bound once), parameters, or both", arguments: hourRangeCases)
    func hourBetween(_ example: HourRangeCase) throws {
        let host = try Self.host(.null)
        let at = Self.instant("2026-06-01T00:30:00Z") + Int64(example.hour) * 3_600_000
        try Self.expectPair("hourBetween", [("start", "\(example.start)", .int(example.start)), ("end", "\(example.end)", .int(example.end))],
                            mixes: [(false, false), (true, true), (true, false), (false, true)],
                            host, at: at, example.inside ? .satisfied : .notSatisfied)
    }

    @Test("hourBetween reads the local hour", .enabled(if: hasZoneDatabase, "no /usr/share/zoneinfo"))
    func hourBetweenIsLocal() throws {
        let berlin = try Self.host(Self.config(timeZone: "Europe/Berlin"))
        // 07:30Z is 09:30 in Berlin in summer, 08:30 in winter.
        try Self.expect("calendar.hourBetween(9, 17)", berlin, at: Self.instant("2026-06-01T07:30:00Z"), .satisfied)
        try Self.expect("calendar.hourBetween(9, 17)", berlin, at: Self.instant("2026-01-05T07:30:00Z"), .notSatisfied)
    }

    @Test("hourBetween refuses constant hours outside 0...24, or null, at load, at the argument",
          arguments: [("calendar.hourBetween(25, 6)", "25", "argument 1 '25': hourBetween's start hour must be from 0 to 24, not 25"),
                      ("calendar.hourBetween(9, -1)", "-1", "argument 2 '-1': hourBetween's end hour must be from 0 to 24, not -1"),
                      ("calendar.hourBetween(null, 6)", "null",
                       "argument 1 'null': hourBetween's start hour must be an integer from 0 to 24, not null")])
    func hourBetweenBindErrors(_ text: String, _ argument: String, _ message: String) throws {
        let host = try Self.host(.null)
        let compilation = Self.compile(text, host)
        #expect(compilation.rule == nil)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(compilation.diagnostics.count == 1)
        #expect(diagnostic.code == "rule.plugin")
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
        let column = 9 + text.distance(from: text.startIndex, to: try #require(text.range(of: argument, options: .backwards)).lowerBound)
        #expect(diagnostic.span.start == SourcePosition(line: 9, column: column))
    }

    @Test("hourBetween fails the rule, never true, for a parameter that is null at evaluation")
    func hourBetweenNullParameter() throws {
        let host = try Self.host(.null)
        let rule = try Self.rule("calendar.hourBetween(params.start, 6)", host)
        let outcome = rule.evaluate(in: CalendarContext(now: 0, parameters: ["start": .null]))
        #expect(outcome == .failed("calendar.hourBetween failed: hourBetween's start hour must be an integer from 0 to 24, not null"))
    }

    @Test("hourBetween fails the rule, never true, for a parameter outside 0...24")
    func hourBetweenEvaluationError() throws {
        let host = try Self.host(.null)
        let rule = try Self.rule("calendar.hourBetween(params.start, 6)", host)
        let outcome = rule.evaluate(in: CalendarContext(now: 0, parameters: ["start": .int(30)]))
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("hourBetween's start hour must be from 0 to 24, not 30"), "\(message)")
    }

    // MARK: - between

    struct DateRangeCase: Sendable, CustomTestStringConvertible {
        var first: String
        var last: String
        var utc: String
        var inside: Bool
        var testDescription: String { "between(\(first), \(last)) at \(utc): \(inside)" }
    }

    /// In +01:00, so that each edge is one second either side of a local midnight.
    static let dateRangeCases: [DateRangeCase] = [
        .init(first: "2026-12-24", last: "2026-12-26", utc: "2026-12-23T22:59:59Z", inside: false),
        .init(first: "2026-12-24", last: "2026-12-26", utc: "2026-12-23T23:00:00Z", inside: true),
        .init(first: "2026-12-24", last: "2026-12-26", utc: "2026-12-26T22:59:59Z", inside: true),
        .init(first: "2026-12-24", last: "2026-12-26", utc: "2026-12-26T23:00:00Z", inside: false),
        .init(first: "2026-12-25", last: "2026-12-25", utc: "2026-12-25T12:00:00Z", inside: true),
        .init(first: "2026-12-25", last: "2026-12-25", utc: "2026-12-26T12:00:00Z", inside: false),
        .init(first: "2026-12-20", last: "2027-01-06", utc: "2026-12-31T23:30:00Z", inside: true),
        .init(first: "2028-02-29", last: "2028-02-29", utc: "2028-02-28T23:00:00Z", inside: true),
    ]

    @Test("between is inclusive on local dates, with constants or parameters", arguments: dateRangeCases)
    func between(_ example: DateRangeCase) throws {
        let host = try Self.host(Self.config(timeZone: "+01:00"))
        try Self.expectPair("between", [("first", "\"\(example.first)\"", .string(example.first)),
                                        ("last", "\"\(example.last)\"", .string(example.last))],
                            mixes: [(false, false), (true, true), (true, false)],
                            host, at: Self.instant(example.utc), example.inside ? .satisfied : .notSatisfied)
    }

    @Test("between refuses bad constant dates at load, at the call",
          arguments: [("calendar.between(\"2026-13-01\", \"2026-12-31\")", "'2026-13-01' is not a date (YYYY-MM-DD)"),
                      ("calendar.between(\"2026-01-01\", \"2026-02-30\")", "'2026-02-30' is not a date (YYYY-MM-DD)"),
                      ("calendar.between(\"2026-1-1\", \"2026-02-01\")", "'2026-1-1' is not a date (YYYY-MM-DD)"),
                      ("calendar.between(\"2026-12-31\", \"2026-01-01\")",
                       "between('2026-12-31', '2026-01-01') can never hold: its first date is after its last")])
    func betweenBindErrors(_ text: String, _ message: String) throws {
        let host = try Self.host(.null)
        let compilation = Self.compile(text, host)
        #expect(compilation.rule == nil)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.code == "rule.plugin")
        #expect(diagnostic.message.contains(message), "\(diagnostic.message)")
    }

    @Test("between fails the rule for a parameter that is not a date")
    func betweenEvaluationError() throws {
        let host = try Self.host(.null)
        let rule = try Self.rule("calendar.between(params.first, \"2026-12-31\")", host)
        let outcome = rule.evaluate(in: CalendarContext(now: 0, parameters: ["first": .string("tomorrow")]))
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("'tomorrow' is not a date (YYYY-MM-DD)"), "\(message)")
    }

    // MARK: - isHoliday

    @Test("isHoliday on the local date, from the config's list", .enabled(if: hasZoneDatabase, "no /usr/share/zoneinfo"),
          arguments: [("2026-12-24T22:59:59Z", false), ("2026-12-24T23:00:00Z", true), ("2026-12-25T22:59:59Z", true),
                      ("2026-12-25T23:00:00Z", false), ("2026-12-31T22:59:59Z", false), ("2026-12-31T23:00:00Z", true),
                      ("2027-01-01T12:00:00Z", true), ("2027-12-25T12:00:00Z", false)])
    func holidays(_ utc: String, _ holiday: Bool) throws {
        let host = try Self.host(Self.config(timeZone: "Europe/Berlin", holidays: ["2027-01-01", "2026-12-25", "2026-12-25"]))
        try Self.expect("calendar.isHoliday()", host, at: Self.instant(utc), holiday ? .satisfied : .notSatisfied)
    }

    @Test("without holidays no day is one")
    func noHolidays() throws {
        let host = try Self.host(.null)
        try Self.expect("calendar.isHoliday()", host, at: Self.instant("2026-12-25T12:00:00Z"), .notSatisfied)
    }

    @Test("the example config of the issue loads", .enabled(if: hasZoneDatabase, "no /usr/share/zoneinfo"))
    func exampleConfig() throws {
        let host = try Self.host(Self.config(timeZone: "Europe/Berlin", holidays: ["2026-12-25", "2027-01-01"], weekend: [6, 7]))
        try Self.expect("calendar.isHoliday() && !calendar.isWeekend() && calendar.weekday() == 5", host,
                        at: Self.instant("2026-12-25T09:00:00Z"), .satisfied)
    }

    // MARK: - Bad configs

    struct BadConfigCase: Sendable, CustomTestStringConvertible {
        var config: ConfigValue
        var pointer: String
        var message: String
        var testDescription: String { "\(pointer.isEmpty ? "(whole config)" : pointer): \(message)" }
    }

    static let badConfigCases: [BadConfigCase] = [
        .init(config: .map([("timezone", .string("Europe/Berlin"))]), pointer: "/timezone",
              message: "unknown key 'timezone' (expected timeZone, holidays, weekend)"),
        .init(config: .map([("a/b~c", .int(1))]), pointer: "/a~1b~0c",
              message: "unknown key 'a/b~c' (expected timeZone, holidays, weekend)"),
        .init(config: config(holidays: ["2026-12-25", "2026-13-01"]), pointer: "/holidays/1",
              message: "'2026-13-01' is not a date (YYYY-MM-DD)"),
        .init(config: .map([("holidays", .list([.int(20261225)]))]), pointer: "/holidays/0",
              message: "a holiday must be a date string (YYYY-MM-DD), not the number 20261225"),
        .init(config: .map([("holidays", .string("2026-12-25"))]), pointer: "/holidays",
              message: "holidays must be a list of dates (YYYY-MM-DD), not the string '2026-12-25'"),
        .init(config: config(timeZone: "Mars/Base"), pointer: "/timeZone", message: "time zone 'Mars/Base' is unknown"),
        .init(config: config(timeZone: "../../etc/passwd"), pointer: "/timeZone",
              message: "time zone '../../etc/passwd' is not a valid name"),
        .init(config: config(timeZone: "/etc/localtime"), pointer: "/timeZone",
              message: "time zone '/etc/localtime' is not a valid name"),
        .init(config: config(timeZone: "+25:00"), pointer: "/timeZone", message: "time zone '+25:00' is not a valid offset"),
        .init(config: .map([("timeZone", .int(1))]), pointer: "/timeZone",
              message: "timeZone must be a name such as 'Europe/Berlin' or an offset such as '+05:30', not the number 1"),
        .init(config: config(weekend: [8]), pointer: "/weekend/0",
              message: "weekend day 8 is out of range: ISO weekdays go from 1 (Monday) to 7 (Sunday)"),
        .init(config: config(weekend: [6, 0]), pointer: "/weekend/1", message: "weekend day 0 is out of range"),
        .init(config: config(weekend: [6, 6]), pointer: "/weekend/1", message: "weekend day 6 is listed twice"),
        .init(config: .map([("weekend", .list([.string("Saturday")]))]), pointer: "/weekend/0",
              message: "a weekend day must be an ISO weekday number from 1 (Monday) to 7 (Sunday), not the string 'Saturday'"),
        .init(config: .list([.int(1)]), pointer: "",
              message: "the calendar config must be a mapping with timeZone, holidays and weekend, not a list"),
    ]

    @Test("a bad config is refused with the plugin's message at the value its JSON pointer names",
          arguments: badConfigCases)
    func badConfig(_ example: BadConfigCase) throws {
        // A span per pointer the config could be complained about, each at its own line.
        let pointers = ["", "/timezone", "/a~1b~0c", "/timeZone", "/holidays", "/holidays/0", "/holidays/1",
                        "/weekend", "/weekend/0", "/weekend/1"]
        var spans: [String: SourceSpan] = [:]
        for (index, pointer) in pointers.enumerated() {
            spans[pointer] = SourceSpan(file: Self.file, at: SourcePosition(line: 10 + index, column: 7))
        }
        let (host, diagnostics) = try Self.load(example.config, configSpans: spans)
        #expect(host.plugins.isEmpty)
        #expect(host.functions.isEmpty)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        #expect(diagnostic.code == "plugin.config")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains(example.message), "\(diagnostic.message)")
        #expect(diagnostic.span == spans[example.pointer], "\(diagnostic.span) for pointer '\(example.pointer)'")
    }

    // MARK: - Concurrency

    @Test("concurrent evaluations on many threads give the same answers as serial ones",
          .enabled(if: hasZoneDatabase, "no /usr/share/zoneinfo"))
    func concurrentEvaluation() throws {
        let host = try Self.host(Self.config(timeZone: "America/New_York", holidays: ["2026-07-03"], weekend: [6, 7]))
        let texts = ["calendar.weekday() == 5", "calendar.hour() < 12", "calendar.isWeekend()", "calendar.isHoliday()",
                     "calendar.hourBetween(22, 6)", "calendar.between(\"2026-03-01\", \"2026-11-30\")",
                     "calendar.between(params.first, params.last)", "calendar.localDate() > \"2026-07-01\""]
        let rules = try texts.map { try Self.rule($0, host) }
        let start = Self.instant("2026-01-01T00:00:00Z")
        // Every 7 hours and 13 minutes through 2026: all hours, weekdays and both DST changes.
        let instants = (0..<1200).map { start + Int64($0) * (7 * 3_600_000 + 13 * 60_000) }
        let parameters: [String: Value] = ["first": .string("2026-06-01"), "last": .string("2026-08-31")]
        @Sendable func outcomes(_ instant: Int64) -> [RuleOutcome] {
            let context = CalendarContext(now: instant, parameters: parameters)
            return rules.map { $0.evaluate(in: context) }
        }
        let serial = instants.map(outcomes)
        let concurrent = Mutex<[[RuleOutcome]]>(Array(repeating: [], count: instants.count))
        DispatchQueue.concurrentPerform(iterations: instants.count) { index in
            let result = outcomes(instants[index])
            concurrent.withLock { $0[index] = result }
        }
        #expect(concurrent.withLock { $0 } == serial)
        #expect(serial.allSatisfy { $0.allSatisfy { !$0.isFailure } })
    }
}

private extension RuleOutcome {
    var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}

/// A rule context with a settable instant and parameters; nothing else is read by these rules.
final class CalendarContext: NothingStoredContext {
    let now: Int64
    let subject = "ada"
    let appVersion: Version? = nil
    private let parameters: [Int: Value]

    init(now: Int64, parameters: [String: Value] = [:]) {
        self.now = now
        var bySlot: [Int: Value] = [:]
        for (name, value) in parameters {
            if let slot = CalendarPluginTests.parameterSlots[name]?.slot { bySlot[slot] = value }
        }
        self.parameters = bySlot
    }

    func parameter(_ slot: Int) -> Value { parameters[slot] ?? .null }
}
