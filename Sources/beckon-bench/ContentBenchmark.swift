import ArgumentParser
import Foundation

/// What a template costs in an answer: a C program, linked to the release `libbeckon.so` like
/// `beckon-bench embedding`'s, times the JSON tip status (`beckon_tip_status`) of a tip whose
/// title is a two-placeholder template (a plural over an event count and a string parameter) in
/// three locales, and of the same tip with a plain title, and prints both and their ratio.
struct ContentBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "Time the JSON tip status of a tip with a two-placeholder template in three locales against a plain-text tip (C API).",
        discussion: "Build the library first: swift build -c release --product BeckonC"
    )

    @Option(help: "Operations per measured run (15 runs, the median printed).") var operations = 100_000

    /// The host: opens the YAML (its first argument) with the memory store, gives the subject a
    /// name and five events, then times the JSON status of the tip its third argument names in 15
    /// runs of its second argument's count and prints the median and the fastest, in ns.
    static let hostSource = """
        #define _POSIX_C_SOURCE 200809L
        #include "beckon.h"
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>

        static long answers;
        static char last[1024];
        static void keep(void *context, const char *json, size_t len) {
            (void)context;
            answers += len > 0;
            size_t n = len < sizeof last - 1 ? len : sizeof last - 1;
            memcpy(last, json, n);
            last[n] = 0;
        }
        static beckon_string text(const char *value) { beckon_string view = {value, strlen(value)}; return view; }
        static double seconds(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
        static int compare(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

        int main(int argc, char **argv) {
            if (argc != 4 && argc != 5) return 64;
            // With a fourth argument, calls alternate between two subjects whose counts differ,
            // so that no call formats the same values as the one before.
            int alternate = argc == 5;
            long operations = atol(argv[2]);
            FILE *file = fopen(argv[1], "rb");
            if (!file) return 66;
            static char yaml[1 << 16];
            size_t length = fread(yaml, 1, sizeof yaml - 1, file);
            fclose(file);
            beckon_engine *engine = NULL;
            beckon_error error = {0};
            error.struct_size = sizeof error;
            beckon_sink sink = {sizeof sink, NULL, keep};
            beckon_string source = {yaml, length};
            if (beckon_open_text(source, text("content.yaml"), BECKON_STORE_MEMORY, &engine, &sink, &error) != BECKON_OK) {
                fprintf(stderr, "open: %s\\n", error.message);
                return 1;
            }
            const int64_t now = 1800000000000;
            beckon_request request = {sizeof request, text("bench"), now, text("2.0.0")};
            beckon_request other = {sizeof other, text("other"), now, text("2.0.0")};
            beckon_parameter_set(engine, &request, text("name"), text("Ada"), &sink, &error);
            beckon_parameter_set(engine, &other, text("name"), text("Grace"), &sink, &error);
            for (int i = 0; i < 5; i++) beckon_donate(engine, &request, text("viewed"), NULL, 0, &sink, &error);
            for (int i = 0; i < 6; i++) beckon_donate(engine, &other, text("viewed"), NULL, 0, &sink, &error);
            double runs[15];
            for (int run = -1; run < 15; run++) {
                double start = seconds();
                for (long operation = 0; operation < operations; operation++) {
                    const beckon_request *asked = alternate && (operation & 1) ? &other : &request;
                    if (beckon_tip_status(engine, asked, text(argv[3]), &sink, &error) != BECKON_OK) {
                        fprintf(stderr, "%s: %s\\n", argv[3], error.message);
                        return 1;
                    }
                }
                if (run >= 0) runs[run] = (seconds() - start) / operations;
            }
            qsort(runs, 15, sizeof runs[0], compare);
            printf("%.1f %.1f %s\\n", runs[7] * 1e9, runs[0] * 1e9, last);
            beckon_close(engine);
            return 0;
        }
        """

    /// Two tips with the same rule: one with a plain title, one whose title is a template in
    /// three locales.
    static let yaml = """
        version: 1
        app: {version: 2.0.0}
        store: {backend: memory}
        parameters:
          name: {type: string, default: friend}
        events:
          viewed: {}
        tips:
          plain:
            title: Your saved landmarks
            rules: [events.viewed.count >= 3]
          templated:
            title:
              en: "{events.viewed.count, plural, one {# landmark} other {# landmarks}} saved by {params.name}"
              de: "{events.viewed.count, plural, one {# Ort} other {# Orte}} gespeichert von {params.name}"
              fr: "{events.viewed.count, plural, one {# lieu} other {# lieux}} enregistrés par {params.name}"
            rules: [events.viewed.count >= 3]

        """

    func run() throws {
        let host = try EmbeddingBenchmark.buildHost(source: Self.hostSource, configuration: Self.yaml, name: "content")
        var medians: [String: Double] = [:]
        let runs = [("plain", false, "plain tip"), ("templated", false, "templated tip, one subject (its last text kept)"),
                    ("templated", true, "templated tip, two subjects alternating (formatted by ICU on every call)")]
        for (tip, alternating, label) in runs {
            let output = try EmbeddingBenchmark.execute(host.program.path, [host.yaml.path, String(operations), tip] + (alternating ? ["alternate"] : []))
            let fields = output.split(separator: " ", maxSplits: 2)
            medians[label] = Double(fields[0]) ?? .nan
            print("content: \(label), tip status as JSON (beckon_tip_status): \(fields[0]) ns per call (median of 15 runs of \(operations); fastest \(fields[1]) ns)")
            print("  \(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let plain = medians[runs[0].2] ?? .nan
        for (_, _, label) in runs.dropFirst() {
            print("content: \(label) / plain: \((((medians[label] ?? .nan) / plain) * 100).rounded() / 100)x")
        }
    }
}
