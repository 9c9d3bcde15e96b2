/*
 * A C host of libbeckon.so, built with plain cc against beckon.h: one engine on a SQLite store,
 * shared by 4 threads. Each round, a subject's scenario gets its events, then the 4 threads try
 * it at the same instant: exactly one may run it (SEMANTICS §9). Meanwhile the threads donate
 * to one subject; every donation must be counted. Prints a summary; exit 0 when all held.
 *
 *     race_host CONFIG ROUNDS DONATIONS_PER_THREAD
 */
#define _POSIX_C_SOURCE 200809L
#include "host_support.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4

static beckon_engine *engine;
static pthread_barrier_t barrier;
static int rounds;
static int donations_per_thread;

typedef struct worker {
    int index;
    int executions; /* rounds this thread won */
    long last_count;
} worker;

static void *work(void *argument) {
    worker *self = argument;
    answer kept;
    char subject[32];
    for (int round = 0; round < rounds; round++) {
        snprintf(subject, sizeof subject, "round-%d", round);
        pthread_barrier_wait(&barrier); /* everyone tries at once */
        if (scenario_ran(engine, "welcome-tour", subject, 1772445600000 + round, &kept)) self->executions++;
        pthread_barrier_wait(&barrier);
    }
    beckon_sink sink = {sizeof sink, &kept, keep};
    beckon_error error = empty_error();
    for (int donation = 0; donation < donations_per_thread; donation++) {
        const char *screen = self->index % 2 ? "home" : "map";
        require_ok("beckon_donate", donate_opened(engine, "shared", 1772445600000 + donation, screen, &sink, &error), &error);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: race_host CONFIG ROUNDS DONATIONS_PER_THREAD\n");
        return 64;
    }
    rounds = atoi(argv[2]);
    donations_per_thread = atoi(argv[3]);
    beckon_error error = empty_error();
    answer kept;
    beckon_sink sink = {sizeof sink, &kept, keep};
    beckon_status status = beckon_open_path(text(argv[1]), BECKON_STORE_CONFIGURED, &engine, &sink, &error);
    if (status != BECKON_OK) fail("beckon_open_path", status, &error);

    /* Each round's subject gets the scenario's three events first. */
    trigger_rounds(engine, "welcome-tour", rounds, 1772445600000);

    pthread_barrier_init(&barrier, NULL, THREADS);
    pthread_t threads[THREADS];
    worker workers[THREADS];
    for (int index = 0; index < THREADS; index++) {
        workers[index] = (worker){.index = index};
        pthread_create(&threads[index], NULL, work, &workers[index]);
    }
    int executions = 0;
    for (int index = 0; index < THREADS; index++) {
        pthread_join(threads[index], NULL);
        executions += workers[index].executions;
    }

    /* One more donation tells the count: every earlier one must be in it. */
    status = donate_opened(engine, "shared", 1772445600000 + donations_per_thread, "home", &sink, &error);
    if (status != BECKON_OK) fail("beckon_donate", status, &error);
    long count = 0;
    const char *field = strstr(kept.json, "\"count\":");
    if (field != NULL) count = strtol(field + 8, NULL, 10);

    /* The scenario's status for one round's subject, as JSON, for the test to read. */
    beckon_request request = request_for("round-0", 1772445600000 + 1000);
    status = beckon_scenario_status(engine, &request, text("welcome-tour"), &sink, &error);
    if (status != BECKON_OK) fail("beckon_scenario_status", status, &error);
    printf("rounds %d, executions %d, donations %ld of %d\n%s\n", rounds, executions, count,
           THREADS * donations_per_thread + 1, kept.json);
    beckon_close(engine);
    return executions == rounds && count == THREADS * donations_per_thread + 1 ? 0 : 1;
}
