/*
 * A C host of libbeckon.so on a PostgreSQL store that the test breaks while it runs (plain cc,
 * pthreads, beckon.h). Every call's result is recorded: acknowledged, or failed with a status.
 *
 *     pg_fault_host loop CONFIG THREADS SUBJECT STOPFILE
 *         THREADS threads donate to SUBJECT until the file STOPFILE exists; prints
 *         "attempted A acknowledged K failed F", "statuses S0 S1 ... S7" (failures by status),
 *         "tail T" (the fewest calls acknowledged in a row at the end, over the threads) and
 *         each distinct failure message (at most 8) on a line "failure STATUS MESSAGE".
 *     pg_fault_host serial CONFIG DONATIONS TRIES
 *         one thread: DONATIONS donations to subject "proxy-shared", then for i < TRIES, subject
 *         "proxy-i" gets the scenario's three events and two tries (one must run it); prints
 *         "acknowledged K ran R". Any failure exits 2.
 *     pg_fault_host open CONFIG START_MS
 *         at wall-clock START_MS, opens an engine and asks one tip status; prints
 *         "open STATUS call STATUS" and the message of a failure.
 */
#define _POSIX_C_SOURCE 200809L
#include "../../BeckonCTests/Fixtures/host_support.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 16
#define MAX_MESSAGES 8

static beckon_engine *engine;
static const char *subject;
static const char *stop_file;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long attempted, acknowledged, by_status[8], tail = -1;
static char messages[MAX_MESSAGES][BECKON_ERROR_MESSAGE_CAPACITY + 16];
static int message_count;

static beckon_status donate(const char *who, beckon_sink *sink, beckon_error *error) {
    return donate_opened(engine, who, BECKON_NOW_CLOCK, "home", sink, error);
}

/* Donates until the stop file appears, counting every outcome. */
static void *loop(void *unused) {
    (void)unused;
    answer kept;
    beckon_sink sink = {sizeof sink, &kept, keep};
    long in_a_row = 0;
    while (access(stop_file, F_OK) != 0) {
        beckon_error error = empty_error();
        beckon_status status = donate(subject, &sink, &error);
        pthread_mutex_lock(&lock);
        attempted++;
        if (status == BECKON_OK) {
            acknowledged++;
            in_a_row++;
        } else {
            in_a_row = 0;
            by_status[status >= 0 && status < 8 ? status : BECKON_INTERNAL]++;
            char line[sizeof messages[0]];
            snprintf(line, sizeof line, "%d %s", (int)status, error.message);
            int known = 0;
            for (int index = 0; index < message_count; index++) known |= strcmp(messages[index], line) == 0;
            if (!known && message_count < MAX_MESSAGES) strcpy(messages[message_count++], line);
        }
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    if (tail < 0 || in_a_row < tail) tail = in_a_row;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv) {
    const char *mode = argc > 2 ? argv[1] : "";
    int usage = !((strcmp(mode, "loop") == 0 && argc == 6) || (strcmp(mode, "serial") == 0 && argc == 5) ||
                  (strcmp(mode, "open") == 0 && argc == 4));
    if (usage) {
        fprintf(stderr, "usage: pg_fault_host loop CONFIG THREADS SUBJECT STOPFILE | serial CONFIG DONATIONS TRIES"
                        " | open CONFIG START_MS\n");
        return 64;
    }
    beckon_error error = empty_error();
    answer kept;
    beckon_sink sink = {sizeof sink, &kept, keep};

    if (strcmp(mode, "open") == 0) {
        long long start = atoll(argv[3]);
        struct timespec at = {(time_t)(start / 1000), (long)(start % 1000) * 1000000L};
        while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &at, NULL) != 0) {}
        beckon_status opened = beckon_open_path(text(argv[2]), BECKON_STORE_CONFIGURED, &engine, &sink, &error);
        beckon_status called = -1;
        if (opened == BECKON_OK) {
            beckon_request request = request_for("opener", BECKON_NOW_CLOCK);
            called = beckon_tip_status(engine, &request, text("welcome"), &sink, &error);
            beckon_close(engine);
        }
        printf("open %d call %d\n", (int)opened, (int)called);
        if (opened != BECKON_OK || called != BECKON_OK) printf("message %s\n", error.message);
        return 0;
    }

    require_ok("beckon_open_path", beckon_open_path(text(argv[2]), BECKON_STORE_CONFIGURED, &engine, &sink, &error), &error);
    if (strcmp(mode, "loop") == 0) {
        int threads = atoi(argv[3]);
        if (threads < 1 || threads > MAX_THREADS) threads = MAX_THREADS;
        subject = argv[4];
        stop_file = argv[5];
        pthread_t workers[MAX_THREADS];
        for (int index = 0; index < threads; index++) pthread_create(&workers[index], NULL, loop, NULL);
        for (int index = 0; index < threads; index++) pthread_join(workers[index], NULL);
        printf("attempted %ld acknowledged %ld failed %ld\nstatuses", attempted, acknowledged, attempted - acknowledged);
        for (int status = 0; status < 8; status++) printf(" %ld", by_status[status]);
        printf("\ntail %ld\n", tail);
        for (int index = 0; index < message_count; index++) printf("failure %s\n", messages[index]);
    } else {
        int donations = atoi(argv[3]), tries = atoi(argv[4]), ran = 0;
        for (int donation = 0; donation < donations; donation++) {
            require_ok("beckon_donate", donate("proxy-shared", &sink, &error), &error);
            acknowledged++;
        }
        for (int index = 0; index < tries; index++) {
            char who[32];
            snprintf(who, sizeof who, "proxy-%d", index);
            beckon_request request = request_for(who, BECKON_NOW_CLOCK);
            for (int event = 0; event < 3; event++) {
                require_ok("beckon_scenario_trigger", beckon_scenario_trigger(engine, &request, text("welcome-tour"), &sink, &error), &error);
            }
            for (int attempt = 0; attempt < 2; attempt++) ran += scenario_ran(engine, "welcome-tour", who, BECKON_NOW_CLOCK, &kept);
        }
        printf("acknowledged %ld ran %d\n", acknowledged, ran);
    }
    beckon_close(engine);
    return 0;
}
