/*
 * What the C test hosts of libbeckon.so share (BeckonCTests and BeckonPostgresTests, plain cc
 * against beckon.h): a sink that keeps the last JSON answer, a string view of a C string, an
 * empty error, a request for a subject at an instant, an end for a failed call, the racing
 * hosts' set-up, scenario try and donation, and a check that counts and prints what failed.
 * Included by one host each: static definitions, one translation unit per host, `inline` so
 * that a host leaves unused what it does not need without a warning.
 */
#ifndef BECKON_HOST_SUPPORT_H
#define BECKON_HOST_SUPPORT_H

#include "beckon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 2026-03-02T10:00:00Z: the instant the hosts ask at unless a case needs another. */
#define HOST_NOW 1772445600000

/* The answer buffer's size; a host with larger answers defines it before the include. */
#ifndef HOST_ANSWER_CAPACITY
#define HOST_ANSWER_CAPACITY 8192
#endif

/* A sink's buffer: the last JSON answer, NUL-terminated (cut to fit). */
typedef struct answer {
    char json[HOST_ANSWER_CAPACITY];
} answer;

/* A beckon_sink callback whose context is an `answer`. */
static inline void keep(void *context, const char *json, size_t len) {
    answer *kept = context;
    if (len >= sizeof kept->json) len = sizeof kept->json - 1;
    memcpy(kept->json, json, len);
    kept->json[len] = '\0';
}

static inline beckon_string text(const char *value) {
    beckon_string view = {value, strlen(value)};
    return view;
}

/* An empty error of the current size, for a call to fill. */
static inline beckon_error empty_error(void) {
    beckon_error error = {0};
    error.struct_size = sizeof error;
    return error;
}

/* A request of the current size for `subject` at `now` (ms since 1970), with nothing else. */
static inline beckon_request request_for(const char *subject, int64_t now) {
    beckon_request request = {0};
    request.struct_size = sizeof request;
    request.subject = text(subject);
    request.now = now;
    return request;
}

/* Ends the host with exit status 2, naming the call that failed and its message. */
static inline void fail(const char *what, beckon_status status, const beckon_error *error) {
    fprintf(stderr, "%s failed with status %d: %s\n", what, (int)status, error->message);
    exit(2);
}

/* `fail` unless the call succeeded. */
static inline void require_ok(const char *what, beckon_status status, const beckon_error *error) {
    if (status != BECKON_OK) fail(what, status, error);
}

/* Gives each subject round-0 ... round-(`rounds` - 1) three events of `scenario`, an hour before
 * `now`: what the racing hosts' rounds start from. Ends the host when a call fails. */
static inline void trigger_rounds(beckon_engine *engine, const char *scenario, int rounds, int64_t now) {
    answer kept;
    beckon_sink sink = {sizeof sink, &kept, keep};
    beckon_error error = empty_error();
    char subject[32];
    for (int round = 0; round < rounds; round++) {
        snprintf(subject, sizeof subject, "round-%d", round);
        for (int event = 0; event < 3; event++) {
            beckon_request request = request_for(subject, now - 3600000 + event);
            require_ok("beckon_scenario_trigger", beckon_scenario_trigger(engine, &request, text(scenario), &sink, &error), &error);
        }
    }
}

/* Tries `scenario` for `subject` at `now`, the answer left in `kept`: whether this call ran it
 * ("executed":true). Ends the host when the call fails. */
static inline int scenario_ran(beckon_engine *engine, const char *scenario, const char *subject, int64_t now,
                               answer *kept) {
    beckon_sink sink = {sizeof sink, kept, keep};
    beckon_error error = empty_error();
    beckon_request request = request_for(subject, now);
    require_ok("beckon_scenario_try", beckon_scenario_try(engine, &request, text(scenario), &sink, &error), &error);
    return strstr(kept->json, "\"executed\":true") != NULL;
}

/* Donates one "opened" event, its info {screen: `screen`}, for `subject` at `now`. */
static inline beckon_status donate_opened(beckon_engine *engine, const char *subject, int64_t now, const char *screen,
                                          beckon_sink *sink, beckon_error *error) {
    beckon_request request = request_for(subject, now);
    beckon_field field = {sizeof(beckon_field), text("screen"), text(screen)};
    const beckon_field *info[] = {&field};
    return beckon_donate(engine, &request, text("opened"), info, 1, sink, error);
}

/* Checks counted for the summary line "N checks, F failing"; each failing one is printed. */
static int checks, failures;

static inline void check(int held, const char *what, const char *detail) {
    checks++;
    if (!held) {
        failures++;
        printf("FAIL: %s %s\n", what, detail);
    }
}

#endif
