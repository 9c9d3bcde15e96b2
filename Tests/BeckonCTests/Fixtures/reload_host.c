/*
 * A long-running C host of libbeckon.so (ABI 1.1), built with plain cc: 4 threads decide and
 * donate without pause while the main thread reloads the configuration RELOADS times,
 * alternating a good file and a bad one (the good ones alternate A and B, which answer the same
 * tip status differently). It checks that no call fails because of a reload, that every tip
 * status is exactly A's answer or B's (never a mix), that each bad file is refused with
 * BECKON_INVALID_ARGUMENT and its diagnostics, and that the configuration serving after a
 * refusal is the last good one. Prints a summary; exit 0 when all held.
 *
 *     reload_host GOOD_A GOOD_B BAD RELOADS
 */
#define _POSIX_C_SOURCE 200809L
#include "host_support.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4

static beckon_engine *engine;
static atomic_bool reloading_done;
static char answer_a[4096], answer_b[4096];

/* The tip's status for a subject that never changes: the answer depends on the configuration only. */
static beckon_status tip_status(answer *kept, beckon_error *error) {
    beckon_request request = request_for("reader", HOST_NOW);
    beckon_sink sink = {sizeof sink, kept, keep};
    return beckon_tip_status(engine, &request, text("welcome"), &sink, error);
}

typedef struct worker {
    int index;
    long answers, from_a, from_b, mixed, failures;
    char first_mixed[8192];
} worker;

static void *work(void *argument) {
    worker *self = argument;
    answer kept;
    beckon_error error = empty_error();
    char subject[32];
    snprintf(subject, sizeof subject, "writer-%d", self->index);
    while (!atomic_load(&reloading_done)) {
        if (tip_status(&kept, &error) != BECKON_OK) {
            self->failures++;
            continue;
        }
        self->answers++;
        if (strcmp(kept.json, answer_a) == 0) {
            self->from_a++;
        } else if (strcmp(kept.json, answer_b) == 0) {
            self->from_b++;
        } else if (self->mixed++ == 0) {
            memcpy(self->first_mixed, kept.json, sizeof kept.json);
        }
        /* Both configurations declare the event: a donation never fails because of a reload. */
        beckon_request request = request_for(subject, HOST_NOW);
        if (beckon_donate(engine, &request, text("opened"), NULL, 0, NULL, &error) != BECKON_OK) self->failures++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: reload_host GOOD_A GOOD_B BAD RELOADS\n");
        return 64;
    }
    const char *good[2] = {argv[1], argv[2]};
    const char *bad = argv[3];
    int reloads = atoi(argv[4]);
    beckon_error error = empty_error();
    answer kept, diagnostics;
    beckon_sink diagnostics_sink = {sizeof diagnostics_sink, &diagnostics, keep};

    beckon_status status = beckon_open_path(text(good[0]), BECKON_STORE_CONFIGURED, &engine, NULL, &error);
    if (status != BECKON_OK) fail("beckon_open_path", status, &error);
    if ((status = tip_status(&kept, &error)) != BECKON_OK) fail("beckon_tip_status", status, &error);
    strcpy(answer_a, kept.json);
    status = beckon_reload_path(engine, text(good[1]), NULL, &error);
    if (status != BECKON_OK) fail("beckon_reload_path (B)", status, &error);
    if ((status = tip_status(&kept, &error)) != BECKON_OK) fail("beckon_tip_status", status, &error);
    strcpy(answer_b, kept.json);
    if (strcmp(answer_a, answer_b) == 0) {
        fprintf(stderr, "A and B answer alike: %s\n", answer_a);
        return 3;
    }

    pthread_t threads[THREADS];
    worker workers[THREADS];
    for (int index = 0; index < THREADS; index++) {
        memset(&workers[index], 0, sizeof workers[index]);
        workers[index].index = index;
        pthread_create(&threads[index], NULL, work, &workers[index]);
    }

    int refused = 0, swapped = 0, wrong_after_refusal = 0, missing_diagnostics = 0;
    int serving = 1; /* B serves now */
    for (int reload = 0; reload < reloads; reload++) {
        if (reload % 2 == 1) {
            diagnostics.json[0] = '\0';
            status = beckon_reload_path(engine, text(bad), &diagnostics_sink, &error);
            if (status == BECKON_INVALID_ARGUMENT) refused++;
            else fprintf(stderr, "a bad file was reloaded with status %d\n", (int)status);
            if (diagnostics.json[0] != '[' || strstr(diagnostics.json, "\"severity\":\"error\"") == NULL) missing_diagnostics++;
            /* The last good configuration still serves. */
            if (tip_status(&kept, &error) != BECKON_OK || strcmp(kept.json, serving ? answer_b : answer_a) != 0) wrong_after_refusal++;
        } else {
            serving = !serving;
            status = beckon_reload_path(engine, text(good[serving]), NULL, &error);
            if (status != BECKON_OK) fail("beckon_reload_path (good)", status, &error);
            swapped++;
        }
    }
    atomic_store(&reloading_done, true);
    long answers = 0, from_a = 0, from_b = 0, mixed = 0, failures = 0;
    const char *first_mixed = NULL;
    for (int index = 0; index < THREADS; index++) {
        pthread_join(threads[index], NULL);
        answers += workers[index].answers;
        from_a += workers[index].from_a;
        from_b += workers[index].from_b;
        mixed += workers[index].mixed;
        failures += workers[index].failures;
        if (workers[index].mixed > 0 && first_mixed == NULL) first_mixed = workers[index].first_mixed;
    }
    printf("reloads %d: %d swapped, %d refused, %d without diagnostics, %d wrong after a refusal\n", reloads, swapped, refused,
           missing_diagnostics, wrong_after_refusal);
    printf("answers %ld: %ld from A, %ld from B, %ld mixed; %ld calls failed\n", answers, from_a, from_b, mixed, failures);
    if (first_mixed != NULL) printf("mixed: %s\n", first_mixed);
    printf("last diagnostics: %s\n", diagnostics.json);
    beckon_close(engine);
    return failures == 0 && mixed == 0 && missing_diagnostics == 0 && wrong_after_refusal == 0 && refused == reloads / 2 ? 0 : 1;
}
