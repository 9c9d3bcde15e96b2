/*
 * A C host of libbeckon.so (ABI 1.1), built with plain cc: what an operation changed
 * (BECKON_REQUEST_REPORT_CHANGES). One subject gets a donation without the flag (no `changes`
 * member), then one with it (the tip it made available is reported); a read with the flag and a
 * 1.0-sized request whose flags lie past its struct_size report nothing. Then 4 threads donate at once for fresh
 * subjects that had one donation: for each subject exactly one donation reports the tip. Prints
 * what it saw; exit 0 when all held.
 *
 *     changes_host CONFIG ROUNDS
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

/* A request for `subject` at HOST_NOW with `flags`. */
static beckon_request request_with(const char *subject, uint32_t flags) {
    beckon_request request = request_for(subject, HOST_NOW);
    request.flags = flags;
    return request;
}

static void donate(const beckon_request *request, answer *kept) {
    beckon_error error = empty_error();
    beckon_sink sink = {sizeof sink, kept, keep};
    beckon_status status = beckon_donate(engine, request, text("opened"), NULL, 0, &sink, &error);
    if (status != BECKON_OK) {
        fprintf(stderr, "beckon_donate failed with status %d: %s\n", (int)status, error.message);
        exit(2);
    }
}

/* Whether an answer reports the tip `welcome` among its changed tips. */
static int reports_welcome(const char *json) {
    const char *tips = strstr(json, "\"tips\":[");
    return tips != NULL && strstr(tips, "\"id\":\"welcome\"") != NULL;
}

static int reporting[THREADS];

static void *work(void *argument) {
    int index = *(int *)argument;
    answer kept;
    char subject[32];
    for (int round = 0; round < rounds; round++) {
        snprintf(subject, sizeof subject, "round-%d", round);
        beckon_request request = request_with(subject, BECKON_REQUEST_REPORT_CHANGES);
        pthread_barrier_wait(&barrier);
        donate(&request, &kept);
        if (reports_welcome(kept.json)) reporting[index]++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: changes_host CONFIG ROUNDS\n");
        return 64;
    }
    rounds = atoi(argv[2]);
    beckon_error error = empty_error();
    beckon_status status = beckon_open_path(text(argv[1]), BECKON_STORE_MEMORY, &engine, NULL, &error);
    if (status != BECKON_OK) {
        fprintf(stderr, "beckon_open_path failed with status %d: %s\n", (int)status, error.message);
        return 2;
    }
    answer kept;
    int ok = 1;

    beckon_request plain = request_with("solo", 0);
    donate(&plain, &kept);
    printf("unasked: %s\n", kept.json);
    if (strstr(kept.json, "\"changes\"") != NULL) ok = 0;

    beckon_request asked = request_with("solo", BECKON_REQUEST_REPORT_CHANGES);
    donate(&asked, &kept);
    printf("asked: %s\n", kept.json);
    if (!reports_welcome(kept.json) || strstr(kept.json, "\"after\":{\"reasonCode\":\"available\",\"status\":\"available\"}") == NULL) ok = 0;

    /* A reading operation records nothing, so it has nothing to report. */
    beckon_sink sink = {sizeof sink, &kept, keep};
    status = beckon_tip_status(engine, &asked, text("welcome"), &sink, &error);
    printf("read: %s\n", kept.json);
    if (status != BECKON_OK || strstr(kept.json, "\"changes\"") != NULL) ok = 0;

    /* A 1.0 host: its request ends at app_version, so flags past it are never read. */
    beckon_request old = request_with("solo", BECKON_REQUEST_REPORT_CHANGES);
    old.struct_size = (uint32_t)BECKON_REQUEST_SIZE_1_0;
    donate(&old, &kept);
    printf("1.0 request: %s\n", kept.json);
    if (strstr(kept.json, "\"changes\"") != NULL) ok = 0;

    /* Each round's subject has one donation; the racing second ones make the tip available. */
    for (int round = 0; round < rounds; round++) {
        char subject[32];
        snprintf(subject, sizeof subject, "round-%d", round);
        beckon_request request = request_with(subject, 0);
        donate(&request, &kept);
    }
    pthread_barrier_init(&barrier, NULL, THREADS);
    pthread_t threads[THREADS];
    int indexes[THREADS];
    for (int index = 0; index < THREADS; index++) {
        indexes[index] = index;
        pthread_create(&threads[index], NULL, work, &indexes[index]);
    }
    int reported = 0;
    for (int index = 0; index < THREADS; index++) {
        pthread_join(threads[index], NULL);
        reported += reporting[index];
    }
    printf("rounds %d, reported %d\n", rounds, reported);
    if (reported != rounds) ok = 0;
    beckon_close(engine);
    return ok ? 0 : 1;
}
