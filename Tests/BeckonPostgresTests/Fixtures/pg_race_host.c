/*
 * A C host of libbeckon.so racing other processes on one PostgreSQL store (plain cc, pthreads,
 * beckon.h). Each process opens its own engine (its own connection pool) from CONFIG.
 *
 *     pg_race_host setup CONFIG ROUNDS
 *         gives each subject round-0 ... round-(ROUNDS-1) the scenario's three events.
 *     pg_race_host race CONFIG START_MS STEP_MS ROUNDS DONATIONS
 *         8 threads; round r starts at wall-clock START_MS + r * STEP_MS in every process, where
 *         all threads try scenario welcome-tour for subject round-r at once; prints
 *         "round R ran N" (N: this process's threads that ran it). Then each thread donates
 *         DONATIONS times to subject "shared"; prints "acknowledged K".
 *     pg_race_host readback CONFIG PREFIX COUNT SUBJECT
 *         prints "PREFIXi executions E events V" for i < COUNT (scenario status), then
 *         "count C": the lifetime count of SUBJECT's donations, one more donation included.
 *
 * Any call that fails prints its status and message and exits 2.
 */
#define _POSIX_C_SOURCE 200809L
#include "../../BeckonCTests/Fixtures/host_support.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define THREADS 8
#define MAX_ROUNDS 64
#define BASE_TIME 1772445600000LL

static beckon_engine *engine;
static long long start_ms, step_ms;
static int rounds, donations;
static int ran[MAX_ROUNDS]; /* threads of this process that ran round r */
static int acknowledged;
static pthread_mutex_t counts = PTHREAD_MUTEX_INITIALIZER;

/* A member "NAME":INTEGER of a JSON answer, or -1. */
static long member(const char *json, const char *name) {
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", name);
    const char *found = strstr(json, key);
    return found == NULL ? -1 : strtol(found + strlen(key), NULL, 10);
}

static void sleep_until(long long wall_ms) {
    struct timespec at = {(time_t)(wall_ms / 1000), (long)(wall_ms % 1000) * 1000000L};
    while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at, NULL) != 0) {}
}

static void donate(const char *subject, int64_t now, answer *kept) {
    beckon_sink sink = {sizeof sink, kept, keep};
    beckon_error error = empty_error();
    require_ok("beckon_donate", donate_opened(engine, subject, now, "home", &sink, &error), &error);
}

static void *race(void *argument) {
    int index = (int)(size_t)argument;
    answer kept;
    char subject[32];
    for (int round = 0; round < rounds; round++) {
        snprintf(subject, sizeof subject, "round-%d", round);
        sleep_until(start_ms + round * step_ms); /* every thread of every process at once */
        if (scenario_ran(engine, "welcome-tour", subject, BASE_TIME + round, &kept)) {
            pthread_mutex_lock(&counts);
            ran[round]++;
            pthread_mutex_unlock(&counts);
        }
    }
    for (int donation = 0; donation < donations; donation++) {
        donate("shared", BASE_TIME + index * donations + donation, &kept);
        pthread_mutex_lock(&counts);
        acknowledged++;
        pthread_mutex_unlock(&counts);
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *mode = argc > 2 ? argv[1] : "";
    int usage = !((strcmp(mode, "setup") == 0 && argc == 4) || (strcmp(mode, "race") == 0 && argc == 7) ||
                  (strcmp(mode, "readback") == 0 && argc == 6));
    if (usage) {
        fprintf(stderr, "usage: pg_race_host setup CONFIG ROUNDS | race CONFIG START_MS STEP_MS ROUNDS DONATIONS"
                        " | readback CONFIG PREFIX COUNT SUBJECT\n");
        return 64;
    }
    beckon_error error = empty_error();
    answer kept;
    beckon_sink sink = {sizeof sink, &kept, keep};
    require_ok("beckon_open_path", beckon_open_path(text(argv[2]), BECKON_STORE_CONFIGURED, &engine, &sink, &error), &error);

    if (strcmp(mode, "setup") == 0) {
        rounds = atoi(argv[3]);
        trigger_rounds(engine, "welcome-tour", rounds, BASE_TIME);
    } else if (strcmp(mode, "race") == 0) {
        start_ms = atoll(argv[3]);
        step_ms = atoll(argv[4]);
        rounds = atoi(argv[5]);
        donations = atoi(argv[6]);
        if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
        pthread_t threads[THREADS];
        for (int index = 0; index < THREADS; index++) pthread_create(&threads[index], NULL, race, (void *)(size_t)index);
        for (int index = 0; index < THREADS; index++) pthread_join(threads[index], NULL);
        for (int round = 0; round < rounds; round++) printf("round %d ran %d\n", round, ran[round]);
        printf("acknowledged %d\n", acknowledged);
    } else {
        int count = atoi(argv[4]);
        for (int index = 0; index < count; index++) {
            char subject[64];
            snprintf(subject, sizeof subject, "%s%d", argv[3], index);
            beckon_request request = request_for(subject, BASE_TIME + 1000000);
            require_ok("beckon_scenario_status", beckon_scenario_status(engine, &request, text("welcome-tour"), &sink, &error), &error);
            printf("%s executions %ld events %ld\n", subject, member(kept.json, "executions"), member(kept.json, "events"));
        }
        donate(argv[5], BASE_TIME + 1000000, &kept);
        printf("count %ld\n", member(kept.json, "count"));
    }
    beckon_close(engine);
    return 0;
}
