import ArgumentParser
import BeckonTestSupport
import Foundation

/// The embedding API's cost from C: a C program, built with `cc` against `beckon.h` and linked to
/// the release `libbeckon.so`, times a tip decision (five rules, memory store) through the C API:
/// the JSON answer (`beckon_tip_status`), the typed one on a handle (`beckon_tip_check`) and a
/// batch of five tips (`beckon_tip_check_many`); with `--instructions`, counted by callgrind too.
struct EmbeddingBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "embedding",
        abstract: "Time a tip decision (five rules, memory store) through the C API from a C program: JSON, typed, batch.",
        discussion: "Build the library first: swift build -c release --product BeckonC"
    )

    @Option(help: "Operations per measured run (15 runs, the median printed).") var operations = 100_000
    @Option(name: .customLong("call"), help: "json, typed or batch (repeatable); all three by default.") var calls: [Call] = []
    @Flag(help: "Also count the instructions per call with valgrind --tool=callgrind.") var instructions = false

    /// The start of a C host (this one's, the content benchmark's): the headers, a string view, a
    /// monotonic clock, an order of doubles for `qsort`, and the engine opened with the memory
    /// store on the YAML file at `path` (named `name` in its messages); the program ends with 66
    /// when the file cannot be read, 1 when the engine does not open.
    static let hostPrelude = """
        #define _POSIX_C_SOURCE 200809L
        #include "beckon.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>

        static beckon_string text(const char *value) { beckon_string view = {value, strlen(value)}; return view; }
        static double seconds(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
        static int compare(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

        static beckon_engine *open_engine(const char *path, const char *name, beckon_sink *sink, beckon_error *error) {
            FILE *file = fopen(path, "rb");
            if (!file) exit(66);
            static char yaml[1 << 20];
            size_t length = fread(yaml, 1, sizeof yaml - 1, file);
            fclose(file);
            beckon_engine *engine = NULL;
            beckon_string source = {yaml, length};
            if (beckon_open_text(source, text(name), BECKON_STORE_MEMORY, &engine, sink, error) != BECKON_OK) {
                fprintf(stderr, "open: %s\\n", error->message);
                exit(1);
            }
            return engine;
        }

        """

    /// The host: opens the engine's YAML (its first argument) with the memory store, sets the
    /// subject up like `beckon-bench engine`, then times the call its third argument names (`json`,
    /// `typed`, `batch`) in 15 runs of its second argument's count and prints the median.
    static let hostSource = hostPrelude + """
        #define BATCH 5

        static long answers;
        static void count(void *context, const char *json, size_t len) { (void)context; (void)json; answers += len > 0; }

        int main(int argc, char **argv) {
            if (argc != 4) return 64;
            long operations = atol(argv[2]);
            beckon_error error = {0};
            error.struct_size = sizeof error;
            beckon_sink sink = {sizeof sink, NULL, count};
            beckon_engine *engine = open_engine(argv[1], "bench.yaml", &sink, &error);
            const int64_t now = 1800000000000;
            beckon_request request = {.struct_size = sizeof request, .subject = text("bench"), .now = now, .app_version = text("2.0.0")};
            beckon_parameter_set(engine, &request, text("isLoggedIn"), text("true"), &sink, &error);
            beckon_parameter_set(engine, &request, text("plan"), text("free"), &sink, &error);
            for (int hour = 0; hour < 50; hour++) {
                beckon_request at = request;
                at.now = now - (int64_t)hour * 3600000;
                char kind[8];
                snprintf(kind, sizeof kind, "k%d", hour % 3);
                beckon_field field = {sizeof field, text("kind"), text(kind)};
                const beckon_field *info[] = {&field};
                beckon_donate(engine, &at, text("viewed"), info, 1, &sink, &error);
            }
            const char *ids[BATCH] = {"five-rules", "tip-0", "tip-1", "tip-2", "tip-3"};
            beckon_handle handles[BATCH];
            for (int i = 0; i < BATCH; i++) {
                if (beckon_resolve_tip(engine, text(ids[i]), &handles[i], &error) != BECKON_OK) {
                    fprintf(stderr, "resolve: %s\\n", error.message);
                    return 1;
                }
            }
            beckon_tip_result results[BATCH] = {{.struct_size = sizeof(beckon_tip_result)}};
            const char *call = argv[3];
            double runs[15];
            for (int run = -1; run < 15; run++) {
                double start = seconds();
                for (long operation = 0; operation < operations; operation++) {
                    beckon_status status;
                    if (call[0] == 'j') status = beckon_tip_status(engine, &request, text("five-rules"), &sink, &error);
                    else if (call[0] == 't') status = beckon_tip_check(engine, &request, handles[0], &results[0], &error);
                    else status = beckon_tip_check_many(engine, &request, handles, BATCH, results, &error);
                    if (status != BECKON_OK) {
                        fprintf(stderr, "%s: %s\\n", call, error.message);
                        return 1;
                    }
                }
                if (run >= 0) runs[run] = (seconds() - start) / operations;
            }
            qsort(runs, 15, sizeof runs[0], compare);
            printf("%.1f %.1f\\n", runs[7] * 1e9, runs[0] * 1e9);
            beckon_close(engine);
            return 0;
        }
        """

    func run() throws {
        let host = try Self.buildHost()
        for call in Call.allCases where calls.isEmpty || calls.contains(call) {
            let output = try Self.execute(host.program.path, [host.yaml.path, String(operations), call.rawValue]).split(separator: " ")
            let fastest = output[1].trimmingCharacters(in: .whitespacesAndNewlines)
            print("embedding: \(call.label), memory store, through the C API from C: \(output[0]) ns per call (median of 15 runs of \(operations); fastest \(fastest) ns)")
            if instructions {
                // Two runs differing by `operations` calls per timed run: the setup cancels out.
                let perCall = try Self.instructionsPerCall(host, operations: operations, arguments: [call.rawValue])
                print("embedding: \(call.label): \(Int(perCall.rounded())) instructions per call (callgrind)")
            }
        }
    }

    /// Which C call to time.
    enum Call: String, CaseIterable, ExpressibleByArgument {
        case json, typed, batch

        var label: String {
            switch self {
            case .json: "tip status as JSON (beckon_tip_status), 5 rules"
            case .typed: "typed tip check (beckon_tip_check, a handle), 5 rules"
            case .batch: "typed batch of 5 tips (beckon_tip_check_many)"
            }
        }
    }


    /// Builds the C host against the library next to this program; returns it and its configuration.
    /// `source` and `configuration` are another host's (the content benchmark's).
    static func buildHost(source hostSource: String = hostSource, configuration: String = EngineBenchmark.configuration(tips: 4),
                          name: String = "embedding") throws -> (program: URL, yaml: URL) {
        let library = try BenchCommand.builtNextToThisProgram("libBeckonC.so", product: "BeckonC")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-bench-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let linked = folder.appendingPathComponent("libbeckon.so")
        try? FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: library)
        let source = folder.appendingPathComponent("host.c"), host = folder.appendingPathComponent("host")
        let yaml = folder.appendingPathComponent("bench.yaml")
        try hostSource.write(to: source, atomically: true, encoding: .utf8)
        try configuration.write(to: yaml, atomically: true, encoding: .utf8)
        try EmbeddingLibrary.compileHost(source.path, into: host.path, linkedIn: folder.path)
        return (host, yaml)
    }

    /// The instructions a host (this one or another benchmark's, timing 16 runs of `operations`
    /// calls) executes per call with `arguments` after its configuration and count, by callgrind:
    /// two runs differing by `operations` calls per timed run, so that the setup cancels out.
    /// The library is a copy without its debug sections: valgrind 3.19 stops at DWARF 5's.
    static func instructionsPerCall(_ host: (program: URL, yaml: URL), operations: Int, arguments: [String]) throws -> Double {
        let folder = host.program.deletingLastPathComponent(), stripped = folder.appendingPathComponent("stripped")
        if !FileManager.default.fileExists(atPath: stripped.appendingPathComponent("libbeckon.so").path) {
            try FileManager.default.createDirectory(at: stripped, withIntermediateDirectories: true)
            try execute("strip", ["--strip-debug", "-o", stripped.appendingPathComponent("libbeckon.so").path,
                                  folder.appendingPathComponent("libbeckon.so").resolvingSymlinksInPath().path])
        }
        let counts = try [operations, 2 * operations].map { count in
            let out = folder.appendingPathComponent("callgrind.out.\(arguments.joined(separator: "-")).\(count)")
            try execute("valgrind", ["--tool=callgrind", "--callgrind-out-file=" + out.path, host.program.path, host.yaml.path, String(count)] + arguments,
                        environment: ["LD_LIBRARY_PATH": stripped.path])
            let text = try String(contentsOf: out, encoding: .utf8)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") || $0.hasPrefix("totals:") }),
                  let total = Int(line.split(separator: " ").last ?? "") else {
                throw ValidationError("no instruction total in \(out.path)")
            }
            return total
        }
        return Double(counts[1] - counts[0]) / Double(16 * operations)
    }

    /// Runs `program` (a path, or a name looked up on PATH) to its end with `environment` added;
    /// its standard output, or an error with its exit status and standard error.
    @discardableResult
    static func execute(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let (status, output, error) = try ProcessRunner.run(program, arguments, environment: environment)
        guard status == 0 else { throw ValidationError("\(program) exited \(status):\n\(error)") }
        return output
    }
}
