import ArgumentParser
import Foundation

/// What a template costs in an answer: a C program, linked to the release `libbeckon.so` like
/// `beckon-bench embedding`'s, times the JSON tip status (`beckon_tip_status`) of a tip whose
/// title is a two-placeholder template (a plural over an event count and a string parameter) in
/// three locales, and of the same tip with a plain title, each asked for one subject and for two
/// in turn (so that every call formats), and prints each and the ratio of each templated row to
/// the plain row asked the same way.
struct ContentBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "Time the JSON tip status of a tip with a two-placeholder template in three locales against a plain-text tip (C API).",
        discussion: "Build the library first: swift build -c release --product BeckonC"
    )

    @Option(help: "Operations per measured run (15 runs, the median printed).") var operations = 100_000
    @Flag(help: "Also count the instructions per call of each row with valgrind --tool=callgrind.") var instructions = false

    /// The host: opens the YAML (its first argument) with the memory store, gives two subjects a
    /// name and five or six events, then times the JSON status of each tip its further arguments
    /// name, `operations` (its second argument) calls a run, 15 runs, the tips' runs taking turns so
    /// that the machine's drift falls on all of them alike; it prints each one's median and fastest
    /// (ns) and its last answer. A tip named `ID+alternate` is asked for the two subjects in turn,
    /// so that no call formats the same values as the one before.
    static let hostSource = EmbeddingBenchmark.hostPrelude + """
        static char last[1024];
        static void keep(void *context, const char *json, size_t len) {
            (void)context;
            size_t n = len < sizeof last - 1 ? len : sizeof last - 1;
            memcpy(last, json, n);
            last[n] = 0;
        }

        enum { RUNS = 15, MOST = 8 };

        int main(int argc, char **argv) {
            if (argc < 4 || argc - 3 > MOST) return 64;
            int tips = argc - 3;
            long operations = atol(argv[2]);
            beckon_error error = {0};
            error.struct_size = sizeof error;
            beckon_sink sink = {sizeof sink, NULL, keep};
            beckon_engine *engine = open_engine(argv[1], "content.yaml", &sink, &error);
            const int64_t now = 1800000000000;
            beckon_request request = {.struct_size = sizeof request, .subject = text("bench"), .now = now, .app_version = text("2.0.0")};
            beckon_request other = {.struct_size = sizeof other, .subject = text("other"), .now = now, .app_version = text("2.0.0")};
            beckon_parameter_set(engine, &request, text("name"), text("Ada"), &sink, &error);
            beckon_parameter_set(engine, &other, text("name"), text("Grace"), &sink, &error);
            for (int i = 0; i < 5; i++) beckon_donate(engine, &request, text("viewed"), NULL, 0, &sink, &error);
            for (int i = 0; i < 6; i++) beckon_donate(engine, &other, text("viewed"), NULL, 0, &sink, &error);
            char ids[MOST][64];
            int alternate[MOST];
            static double runs[MOST][RUNS];
            static char answers[MOST][1024];
            for (int tip = 0; tip < tips; tip++) {
                const char *plus = strchr(argv[3 + tip], '+');
                size_t idLength = plus ? (size_t)(plus - argv[3 + tip]) : strlen(argv[3 + tip]);
                if (idLength >= sizeof ids[tip]) return 64;
                memcpy(ids[tip], argv[3 + tip], idLength);
                ids[tip][idLength] = 0;
                alternate[tip] = plus && strcmp(plus, "+alternate") == 0;
            }
            for (int run = -1; run < RUNS; run++) {
                for (int tip = 0; tip < tips; tip++) {
                    beckon_string id = text(ids[tip]);
                    double start = seconds();
                    for (long operation = 0; operation < operations; operation++) {
                        const beckon_request *asked = alternate[tip] && (operation & 1) ? &other : &request;
                        if (beckon_tip_status(engine, asked, id, &sink, &error) != BECKON_OK) {
                            fprintf(stderr, "%s: %s\\n", ids[tip], error.message);
                            return 1;
                        }
                    }
                    if (run >= 0) runs[tip][run] = (seconds() - start) / operations;
                    memcpy(answers[tip], last, sizeof last);
                }
            }
            for (int tip = 0; tip < tips; tip++) {
                qsort(runs[tip], RUNS, sizeof runs[tip][0], compare);
                printf("%.1f %.1f %s\\n", runs[tip][RUNS / 2] * 1e9, runs[tip][0] * 1e9, answers[tip]);
            }
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
        // Each templated row against the plain tip asked the same way: only the content differs.
        let runs = [("plain", "plain tip, one subject"), ("templated", "templated tip, one subject (its last text kept)"),
                    ("plain+alternate", "plain tip, two subjects alternating"),
                    ("templated+alternate", "templated tip, two subjects alternating (formatted on every call)")]
        let output = try EmbeddingBenchmark.execute(host.program.path, [host.yaml.path, String(operations)] + runs.map(\.0))
        let lines = output.split(separator: "\n")
        guard lines.count == runs.count else { throw ValidationError("the host printed \(lines.count) lines for \(runs.count) tips") }
        var medians: [Double] = []
        for ((_, label), line) in zip(runs, lines) {
            let fields = line.split(separator: " ", maxSplits: 2)
            medians.append(Double(fields[0]) ?? .nan)
            print("content: \(label), tip status as JSON (beckon_tip_status): \(fields[0]) ns per call (median of 15 runs of \(operations), the tips' runs in turn; fastest \(fields[1]) ns)")
            print("  \(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        for (templated, plain) in [(1, 0), (3, 2)] {
            print("content: \(runs[templated].1) / \(runs[plain].1): \(((medians[templated] / medians[plain]) * 100).rounded() / 100)x")
        }
        guard instructions else { return }
        let counts = try runs.map { try EmbeddingBenchmark.instructionsPerCall(host, operations: 2_000, arguments: [$0.0]) }
        for ((_, label), count) in zip(runs, counts) {
            print("content: \(label): \(Int(count.rounded())) instructions per call (callgrind)")
        }
        for (templated, plain) in [(1, 0), (3, 2)] {
            print("content: instructions, \(runs[templated].1) / \(runs[plain].1): \(((counts[templated] / counts[plain]) * 100).rounded() / 100)x")
        }
    }
}
