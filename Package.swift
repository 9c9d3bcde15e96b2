// swift-tools-version:6.1
import PackageDescription

/// One settings block, applied to every Swift target.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Beckon",
    products: [
        .executable(name: "beckon", targets: ["beckon"]),
        .executable(name: "beckon-bench", targets: ["beckon-bench"]),
        .library(name: "BeckonConfig", targets: ["BeckonConfig"]),
        .library(name: "BeckonCore", targets: ["BeckonCore"]),
        .library(name: "BeckonStoreConformance", targets: ["BeckonStoreConformance"]),
        .library(name: "BeckonSQLite", targets: ["BeckonSQLite"]),
        .library(name: "BeckonPluginKit", targets: ["BeckonPluginKit"]),
        // The engine for Swift hosts: `import Beckon`, typed answers.
        .library(name: "Beckon", targets: ["Beckon"]),
        .executable(name: "beckon-conformance", targets: ["beckon-conformance"]),
        // The engine behind a C ABI: libBeckonC.so, whose SONAME is libbeckon.so (see the README).
        .library(name: "BeckonC", type: .dynamic, targets: ["BeckonC"]),
        // Sample runtime plugins, built as the .so files that `plugins:` loads.
        .library(name: "beckon-memory-store", type: .dynamic, targets: ["BeckonMemoryStorePlugin"]),
        // The PostgreSQL store for fleets of hosts: libbeckon-postgres-store.so.
        .library(name: "beckon-postgres-store", type: .dynamic, targets: ["BeckonPostgresStorePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP host (`beckon serve`). No default traits: swift-configuration is not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // `beckon serve`'s /metrics (Prometheus text) and its access and reload logs.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // SHA-256 of plugin files, for the digests `plugins:` entries pin.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Only BeckonServerTests: a real HTTP client over a loopback socket.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // `swift package generate-documentation`: the DocC reference of Beckon and BeckonPluginKit.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pure layers: no files, processes, network or C libraries.
        .target(name: "BeckonDiagnostics", swiftSettings: strictSettings),
        .target(name: "BeckonRules", dependencies: ["BeckonDiagnostics"], swiftSettings: strictSettings),
        .target(name: "BeckonCore", dependencies: ["BeckonRules", "BeckonDiagnostics"], swiftSettings: strictSettings),
        // The Store contract as a kit: any store (memory, SQLite, a plugin's) is run through it.
        .target(name: "BeckonStoreConformance", dependencies: ["BeckonClock", "BeckonCore", "BeckonRules"], swiftSettings: strictSettings),

        // The I/O edge.
        .systemLibrary(
            name: "CYAML",
            path: "Sources/CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The host's clock (`--now`, else the wall clock), which stores record activity by; kept
        // out of BeckonCore, which reads no clock.
        .target(name: "BeckonClock", swiftSettings: strictSettings),
        .target(
            name: "BeckonSQLite",
            dependencies: ["BeckonClock", "BeckonCore", "BeckonRules", "CSQLite"],
            swiftSettings: strictSettings
        ),
        // The plugin ABI: one C header that plugin authors build against, and the host side.
        .target(name: "CBeckonPlugin", path: "Sources/CBeckonPlugin"),
        .target(
            name: "BeckonPluginHost",
            // BeckonPluginKit: the ABI's statuses by their names, spelled once (PluginStatus).
            // Crypto: the SHA-256 of a plugin file, checked against its pin before it is opened.
            dependencies: ["BeckonClock", "BeckonCore", "BeckonRules", "BeckonDiagnostics", "BeckonPluginKit", "CBeckonPlugin",
                           .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // For plugin authors who write Swift: the C descriptor built from Swift types.
        .target(name: "BeckonPluginKit", dependencies: ["CBeckonPlugin"], swiftSettings: strictSettings),
        .target(
            name: "BeckonMemoryStorePlugin",
            dependencies: ["BeckonPluginKit"],
            path: "Plugins/memory-store",
            exclude: ["exports.map"],
            swiftSettings: strictSettings,
            // One exported symbol, beckon_plugin_entry_v1, like a plugin built with plain cc.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/memory-store/exports.map"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(
            name: "BeckonPostgresStorePlugin",
            dependencies: ["BeckonPluginKit", "CLibPQ"],
            path: "Plugins/postgres-store",
            exclude: ["exports.map"],
            swiftSettings: strictSettings,
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/postgres-store/exports.map"])]
        ),
        // ICU (the system's libicu) formats content templates: plural categories, numbers per locale.
        .systemLibrary(
            name: "CICU",
            path: "Sources/CICU",
            pkgConfig: "icu-i18n", // which requires icu-uc
            providers: [.apt(["libicu-dev"])]
        ),
        // ICU's C message API takes only numbered, variadic arguments: a C++ shim over
        // icu::MessageFormat with named arguments, behind a plain C header.
        .target(name: "CBeckonICU", dependencies: ["CICU"], path: "Sources/CBeckonICU"),
        .target(
            name: "BeckonContent",
            dependencies: ["BeckonCore", "BeckonRules", "CBeckonICU"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "BeckonConfig",
            dependencies: ["BeckonContent", "BeckonCore", "BeckonRules", "BeckonDiagnostics", "CYAML"],
            swiftSettings: strictSettings
        ),

        .target(
            name: "BeckonRuntime",
            dependencies: ["BeckonClock", "BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonSQLite", "BeckonPluginHost"],
            swiftSettings: strictSettings
        ),

        // Composition roots.
        .target(name: "CBeckon", path: "Sources/CBeckon"),
        .target(
            name: "BeckonC",
            dependencies: ["BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonPluginHost", "BeckonRules", "BeckonRuntime", "CBeckon"],
            swiftSettings: strictSettings,
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libbeckon.so"])]
        ),
        // The HTTP host: routes onto the runtime's operations, answers with its JSON renderers.
        .target(
            name: "BeckonServer",
            dependencies: [
                "BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonRules", "BeckonRuntime",
                // The plugin calls past their time limit, counted at /metrics.
                "BeckonPluginHost",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            // `serve --ui`: the page for people; `/openapi.yaml`: the API's document. Both carried in
            // the binary, served as they are.
            resources: [.embedInCode("UI/ui.html"), .embedInCode("OpenAPI/openapi.yaml")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Beckon",
            dependencies: ["BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonRules", "BeckonRuntime"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "beckon",
            dependencies: [
                "BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonPluginHost", "BeckonRules", "BeckonRuntime",
                "BeckonServer", "BeckonStoreConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // What `beckon plugin new` writes: files kept as files (the header is a link to the
            // one plugin authors build against), carried in the binary.
            resources: [
                "beckon_plugin.h", "c-plugin.c.template", "c-store.c.template", "c-build.sh.template", "swift-plugin.swift.template",
                "swift-Package.swift.template", "swift-build.sh.template", "exports.map.template",
                "example-conditions.yaml.template", "example-store.yaml.template", "test.sh.template", "README.md.template",
                // --store: the memory-store plugin itself (links to Plugins/memory-store), renamed when written.
                "store-plugin.swift.template", "store-EventLog.swift.template", "store-MemoryStoreBackend.swift.template",
                "store-MemoryStoreConfig.swift.template",
            ].map { .embedInCode("PluginTemplates/" + $0) }
                // `simulate --html`: the page, its style and its script, inlined into the file it writes.
                + ["timeline.html", "timeline.css", "timeline.js"].map { .embedInCode("Pages/" + $0) },
            swiftSettings: strictSettings,
            // Without `--export-dynamic` (which the static Swift runtime's link arguments add), the
            // runtime's `dladdr` at start-up does not scan 23k exported symbols, 8% of a cold
            // call's instructions. Plugins use no symbol of the executable: they reach the host
            // through the descriptor's pointers. (The build as it ships also links it
            // position-dependent, `-Xlinker -no-pie`: see the README's cold CLI section.)
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "beckon-conformance",
            dependencies: [
                "BeckonCore", "BeckonDiagnostics", "BeckonPluginHost", "BeckonStoreConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "beckon-bench",
            dependencies: [
                "BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonPluginHost", "BeckonRules", "BeckonRuntime", "BeckonSQLite",
                // The seeded generator the suites use, for the clients' random subjects.
                "BeckonTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // Tests mirror Sources/; BeckonTestSupport holds what several suites share (the seeded
        // generator, the repository root, built products, process and `beckon serve` runners, C
        // build lines); it depends on no module of the package.
        // Fixtures: what the Python browser fixtures of other suites share.
        .target(name: "BeckonTestSupport", path: "Tests/BeckonTestSupport", exclude: ["Fixtures"], swiftSettings: strictSettings),
        .testTarget(name: "BeckonTestSupportTests", dependencies: ["BeckonTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "BeckonDiagnosticsTests", dependencies: ["BeckonDiagnostics"], swiftSettings: strictSettings),
        .testTarget(name: "BeckonRulesTests", dependencies: ["BeckonRules", "BeckonTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "BeckonCoreTests",
            // BeckonRuntime and BeckonSQLite: the data format's round trip runs on this target's generated histories.
            dependencies: ["BeckonClock", "BeckonCore", "BeckonRules", "BeckonDiagnostics", "BeckonConfig", "BeckonStoreConformance", "BeckonTestSupport",
                           "BeckonRuntime", "BeckonSQLite"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeckonSQLiteTests",
            dependencies: ["BeckonSQLite", "BeckonClock", "BeckonCore", "BeckonRules", "BeckonConfig", "BeckonStoreConformance", "BeckonTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeckonConfigTests",
            dependencies: ["BeckonConfig", "BeckonCore", "BeckonDiagnostics", "BeckonTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeckonPluginHostTests",
            dependencies: [
                "BeckonPluginHost", "CBeckonPlugin", "BeckonCore", "BeckonRules", "BeckonDiagnostics", "BeckonStoreConformance",
                "BeckonTestSupport",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BeckonContentTests",
            dependencies: ["BeckonContent", "BeckonConfig", "BeckonCore", "BeckonRules", "BeckonDiagnostics", "BeckonRuntime", "BeckonTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "BeckonRuntimeTests", dependencies: ["BeckonRuntime", "BeckonConfig", "BeckonCore", "BeckonRules", "BeckonSQLite", "BeckonTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "BeckonCTests",
            // No product module: the tests load the built libbeckon.so the way a C or Python host does.
            dependencies: ["BeckonTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            // Only the library's module, as a Swift host depends on it (and the shared test helpers).
            name: "BeckonTests",
            dependencies: ["Beckon", "BeckonTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            // A PostgreSQL server of its own, the built plugin (also loaded in process), CLI,
            // conformance tool and C hosts.
            name: "BeckonPostgresTests",
            dependencies: ["BeckonCore", "BeckonDiagnostics", "BeckonPluginHost", "BeckonRules", "BeckonStoreConformance", "BeckonTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            // The server on an ephemeral loopback port, driven over real HTTP.
            name: "BeckonServerTests",
            dependencies: [
                "BeckonServer", "BeckonRuntime", "BeckonConfig", "BeckonCore", "BeckonPluginHost", "BeckonRules", "BeckonTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // An event loop for each server a suite runs (`ServedBeckon.runAll`).
                .product(name: "NIOPosix", package: "swift-nio"),
                // The HTTP parser and encoder `BytesFastPath` is held to (`WholeRequestTests`).
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            // The OpenFeature SDK suite (Python) that OFREPSDKTests runs.
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "beckonTests",
            dependencies: ["beckon", "BeckonTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ]
)
