/*
 * The floor of parsing a configuration: libyaml's event loop alone, on one thread, with nothing of
 * Beckon around it (no tree, no copies of the scalars): each event is parsed and deleted, as the
 * loader's parsing thread does before handing events over. Prints the events of one pass and the
 * time of each run, then the fastest.
 *
 *   beckon-bench config-load --tips 10000 --events 1000 --runs 1 --keep /tmp/tips.yaml
 *   cc -O2 Benchmarks/libyaml-floor/event_loop_floor.c -lyaml -o /tmp/event_loop_floor
 *   /tmp/event_loop_floor /tmp/tips.yaml [RUNS]      (10 by default)
 */
#include <yaml.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [RUNS]\n", argv[0]);
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(size > 0 ? size : 1);
    if (fread(bytes, 1, size, file) != (size_t)size) {
        perror(argv[1]);
        return 1;
    }
    fclose(file);
    int runs = argc > 2 ? atoi(argv[2]) : 10;
    double best = 0;
    for (int run = 0; run < runs; run++) {
        double start = now_ms();
        yaml_parser_t parser;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_string(&parser, bytes, size);
        long events = 0;
        for (;;) {
            yaml_event_t event;
            if (!yaml_parser_parse(&parser, &event)) {
                fprintf(stderr, "invalid YAML: %s\n", parser.problem ? parser.problem : "?");
                return 1;
            }
            int end = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            events++;
            if (end) break;
        }
        yaml_parser_delete(&parser);
        double elapsed = now_ms() - start;
        if (run == 0 || elapsed < best) best = elapsed;
        printf("run %d: %.1f ms (%ld events)\n", run + 1, elapsed, events);
    }
    printf("fastest: %.1f ms for %ld KiB\n", best, size / 1024);
    free(bytes);
    return 0;
}
