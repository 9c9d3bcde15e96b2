/*
 * A C host of libbeckon.so (ABI 1.1), built with plain cc against beckon.h, on the example
 * configuration with a fresh in-memory store: the content of tips in answers, transient
 * parameters and testing overrides in the request, and beckon_subject_status. A 1.0-sized
 * request still works. Prints each failing check and a summary; exit 0 when all held.
 *
 *     context_host CONFIG
 */
/* Answers with a tip's whole content are longer than the default. */
#define HOST_ANSWER_CAPACITY 16384
#include "host_support.h"

#include <stdio.h>
#include <string.h>

static beckon_field field(const char *name, const char *value) {
    beckon_field pair = {sizeof pair, text(name), text(value)};
    return pair;
}

static beckon_engine *engine;
static answer kept;
static beckon_sink sink = {sizeof sink, &kept, keep};
static beckon_error error;

/* A 1.1 request for ada at 2026-03-01T09:00:00Z with nothing else. */
static beckon_request request(void) {
    return request_for("ada", 1772355600000);
}

/* Runs a tip status, returning its status and keeping its answer (or the error). */
static beckon_status tip_status(const beckon_request *ask, const char *tip) {
    kept.json[0] = '\0';
    error.message[0] = '\0';
    return beckon_tip_status(engine, ask, text(tip), &sink, &error);
}

static int has(const char *needle) { return strstr(kept.json, needle) != NULL; }

/* How many tips the kept status answer lists: the tip answers (one `reasonCode` each) between
 * "tips" and "whatsNew" (keys are sorted). */
static int listed_tips(void) {
    const char *start = strstr(kept.json, "\"tips\":["), *end = strstr(kept.json, "\"whatsNew\":");
    int count = 0;
    for (const char *at = start; at != NULL && at < end && (at = strstr(at + 1, "\"reasonCode\":")) != NULL && at < end;) count++;
    return count;
}
static int said(const char *needle) { return strstr(error.message, needle) != NULL; }

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: context_host CONFIG\n");
        return 64;
    }
    error.struct_size = sizeof error;
    check(beckon_abi_version() >> 16 == 1u && (beckon_abi_version() & 0xffffu) >= 1u, "the library speaks ABI 1.1 or a later 1.x", "beckon_abi_version");
    beckon_status opened = beckon_open_path(text(argv[1]), BECKON_STORE_MEMORY, &engine, NULL, &error);
    if (opened != BECKON_OK) {
        fprintf(stderr, "open: %d %s\n", (int)opened, error.message);
        return 2;
    }
    beckon_request ask = request();

    /* Content: every member the tip declares, none it does not. */
    check(tip_status(&ask, "favorite-landmark") == BECKON_OK, "tip status", error.message);
    check(has("\"title\":\"Save as favorite\"") && has("\"message\":\"Tap the star to keep this landmark.\"")
              && has("\"image\":\"star.fill\"")
              && has("\"actions\":[{\"id\":\"learn-more\",\"title\":\"Learn more\"},{\"id\":\"dismiss\",\"title\":\"Not now\"}]"),
          "a tip answer carries the tip's content", kept.json);
    check(tip_status(&ask, "search-filters") == BECKON_OK && !has("\"image\"") && !has("\"actions\""),
          "absent content members are omitted", kept.json);
    kept.json[0] = '\0';
    check(beckon_group_current(engine, &ask, text("onboarding"), &sink, &error) == BECKON_OK
              && has("\"current\":\"welcome\"") && has("\"title\":\"Welcome to Landmarks\""),
          "a group answer carries its current tip's content", kept.json);

    /* A 1.0 host's request: struct_size stops at app_version; what follows is not read. */
    beckon_request old = request();
    old.struct_size = BECKON_REQUEST_SIZE_1_0;
    old.transient_count = 99;
    old.testing_show_count = 99;
    old.flags = BECKON_REQUEST_HIDE_ALL_TIPS;
    check(tip_status(&old, "welcome") == BECKON_OK && has("\"status\":\"available\""), "a 1.0 request ignores the 1.1 members",
          kept.json[0] ? kept.json : error.message);

    /* Transient parameters: offline-maps needs 3 launches, then a connection. */
    for (int launch = 0; launch < 3; launch++) {
        beckon_donate(engine, &ask, text("appLaunched"), NULL, 0, NULL, &error);
    }
    check(tip_status(&ask, "offline-maps") == BECKON_OK && has("\"status\":\"available\""), "the default connection", kept.json);
    beckon_field offline[] = {field("connection", "none")};
    beckon_request without = request();
    without.transients = offline;
    without.transient_count = 1;
    check(tip_status(&without, "offline-maps") == BECKON_OK && has("\"status\":\"pending\"") && has("params.connection"),
          "a transient parameter decides the request", kept.json);
    check(tip_status(&ask, "offline-maps") == BECKON_OK && has("\"status\":\"available\""), "and is never kept", kept.json);

    beckon_field misspelled[] = {field("conection", "none")};
    without.transients = misspelled;
    check(tip_status(&without, "offline-maps") == BECKON_NOT_FOUND && said("did you mean 'connection'?") && !kept.json[0],
          "an undeclared transient parameter is NOT_FOUND with a suggestion", error.message);
    beckon_field stored[] = {field("plan", "pro")};
    without.transients = stored;
    check(tip_status(&without, "offline-maps") == BECKON_INVALID_ARGUMENT && said("is stored, not transient"),
          "a stored parameter is not transient", error.message);
    beckon_field wrong_type[] = {field("screenBrightness", "bright")};
    without.transients = wrong_type;
    check(tip_status(&without, "offline-maps") == BECKON_INVALID_ARGUMENT && said("is double"), "a transient value is typed",
          error.message);
    without.transients = NULL;
    check(tip_status(&without, "offline-maps") == BECKON_INVALID_ARGUMENT && said("request.transients is NULL"),
          "a NULL array with a count is refused", error.message);
    beckon_field unsized[] = {field("connection", "none")};
    unsized[0].struct_size = 0;
    without.transients = unsized;
    check(tip_status(&without, "offline-maps") == BECKON_INVALID_ARGUMENT && said("request.transients[0]"),
          "a field without its struct_size is refused", error.message);

    /* Testing overrides. */
    beckon_string favorite[] = {text("favorite-landmark")};
    beckon_request testing = request();
    testing.testing_show = favorite;
    testing.testing_show_count = 1;
    check(tip_status(&testing, "favorite-landmark") == BECKON_OK && has("\"reasonCode\":\"testingShow\""),
          "testing_show shows a tip", kept.json);
    testing = request();
    testing.flags = BECKON_REQUEST_HIDE_ALL_TIPS;
    check(tip_status(&testing, "welcome") == BECKON_OK && has("\"reasonCode\":\"testingHide\""), "HIDE_ALL_TIPS hides every tip",
          kept.json);
    testing.testing_show = favorite;
    testing.testing_show_count = 1;
    testing.flags = BECKON_REQUEST_HIDE_ALL_TIPS;
    check(tip_status(&testing, "favorite-landmark") == BECKON_OK && has("\"status\":\"available\""),
          "a shown tip wins over hide-all", kept.json);
    testing = request();
    testing.flags = BECKON_REQUEST_SHOW_ALL_TIPS;
    beckon_string hidden[] = {text("welcome")};
    testing.testing_hide = hidden;
    testing.testing_hide_count = 1;
    check(tip_status(&testing, "welcome") == BECKON_OK && has("\"status\":\"pending\""), "a hidden tip wins over show-all",
          kept.json);
    beckon_string unknown[] = {text("welcom")};
    testing.testing_hide = unknown;
    check(tip_status(&testing, "welcome") == BECKON_NOT_FOUND && said("did you mean 'welcome'?"),
          "an undeclared tip in testing_hide is NOT_FOUND", error.message);

    /* Everything at once. */
    kept.json[0] = '\0';
    check(beckon_subject_status(engine, &ask, NULL, 0, &sink, &error) == BECKON_OK && listed_tips() == 4
              && has("\"id\":\"search-filters\"") && has("\"groups\":[") && has("\"scenarios\":[") && has("\"whatsNew\":{")
              && has("\"title\":\"Maps without a connection\""),
          "beckon_subject_status answers for everything", kept.json);
    beckon_string some[] = {text("offline-maps")};
    kept.json[0] = '\0';
    check(beckon_subject_status(engine, &without, some, 1, &sink, &error) == BECKON_INVALID_ARGUMENT,
          "its request is checked as every other", error.message);
    without.transients = offline;
    check(beckon_subject_status(engine, &without, some, 1, &sink, &error) == BECKON_OK && has("\"id\":\"offline-maps\"")
              && listed_tips() == 1 && has("\"status\":\"pending\""),
          "restricted to the tips asked for, with the request's transients", kept.json);
    check(beckon_subject_status(engine, &ask, unknown, 1, &sink, &error) == BECKON_NOT_FOUND && said("did you mean 'welcome'?"),
          "an undeclared tip is NOT_FOUND", error.message);
    check(beckon_subject_status(engine, &ask, NULL, 1, &sink, &error) == BECKON_INVALID_ARGUMENT, "NULL tips with a count",
          error.message);

    beckon_close(engine);
    printf("%d checks, %d failing\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
