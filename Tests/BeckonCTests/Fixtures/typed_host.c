/*
 * A C host of the typed path of libbeckon.so (ABI 1.1), built with plain cc: resolves tips into
 * handles, checks them one by one (beckon_tip_check) and all at once (beckon_tip_check_many),
 * compares each typed status and reason code with the JSON answer of beckon_tip_status for the
 * same request, then the errors (NULL result, small struct_size, unknown handle, a handle whose id
 * a reload removed). Prints one line per failed check and a summary; exit 0 when all held.
 */
#include "host_support.h"

#include <stdio.h>
#include <string.h>

static answer kept;

static const char *configuration =
    "version: 1\n"
    "events: {opened: {}}\n"
    "tips:\n"
    "  welcome: {title: Welcome, rules: [\"events.opened.count >= 1\"]}\n"
    "  search: {title: Search, rules: [\"events.opened.count >= 3\"]}\n"
    "  sync: {title: Sync}\n";
static const char *reloaded =
    "version: 1\n"
    "events: {opened: {}}\n"
    "tips:\n"
    "  welcome: {title: Welcome, rules: [\"events.opened.count >= 1\"]}\n"
    "  sync: {title: Sync}\n";

static const char *tips[] = {"welcome", "search", "sync"};
static const char *statuses[] = {"pending", "available", "invalidated"};
static const char *codes[] = {"available", "testingShow", "testingHide", "actionPerformed", "tipClosed", "displayCountExceeded",
                              "displayDurationExceeded", "rule", "ruleError", "displayFrequency", "group", "cycle"};

/* Whether the JSON answer has `"key":"value"`. */
static int has(const char *key, const char *value) {
    char member[128];
    snprintf(member, sizeof member, "\"%s\":\"%s\"", key, value);
    return strstr(kept.json, member) != NULL;
}

int main(void) {
    beckon_engine *engine = NULL;
    beckon_error error = {.struct_size = sizeof error};
    beckon_sink sink = {sizeof sink, &kept, keep};
    if (beckon_open_text(text(configuration), text("typed.yaml"), BECKON_STORE_MEMORY, &engine, &sink, &error) != BECKON_OK) {
        printf("open failed: %s\n", error.message);
        return 2;
    }
    beckon_handle handles[3];
    for (int i = 0; i < 3; i++) {
        check(beckon_resolve_tip(engine, text(tips[i]), &handles[i], &error) == BECKON_OK && handles[i] != 0, "resolve", tips[i]);
    }
    beckon_request request = {.struct_size = sizeof request, .subject = text("ada"), .now = 1772445600000};
    for (int round = 0; round < 4; round++) {
        beckon_tip_result many[3] = {{.struct_size = sizeof(beckon_tip_result)}};
        check(beckon_tip_check_many(engine, &request, handles, 3, many, &error) == BECKON_OK, "tip_check_many", error.message);
        for (int i = 0; i < 3; i++) {
            beckon_tip_result one = {.struct_size = sizeof one};
            check(beckon_tip_check(engine, &request, handles[i], &one, &error) == BECKON_OK, "tip_check", error.message);
            check(memcmp(&one, &many[i], sizeof one) == 0, "tip_check_many agrees with tip_check", tips[i]);
            check(beckon_tip_check_status(engine, &request, handles[i]) == one.status, "tip_check_status agrees with tip_check", tips[i]);
            check(beckon_tip_status(engine, &request, text(tips[i]), &sink, &error) == BECKON_OK, "tip_status", error.message);
            check(has("status", statuses[one.status]) && has("reasonCode", codes[one.reason_code]), "typed agrees with JSON", kept.json);
        }
        beckon_donate(engine, &request, text("opened"), NULL, 0, NULL, &error);
    }

    beckon_tip_result untouched = {.struct_size = sizeof untouched, .status = 7};
    check(beckon_tip_check(engine, &request, handles[0], NULL, &error) == BECKON_INVALID_ARGUMENT, "NULL result", error.message);
    beckon_tip_result small = {.struct_size = 8, .status = 7};
    check(beckon_tip_check(engine, &request, handles[0], &small, &error) == BECKON_INVALID_ARGUMENT && small.status == 7,
          "small struct_size", error.message);
    check(strstr(error.message, "result.struct_size is 8") != NULL, "the message names the size", error.message);
    check(beckon_tip_check(engine, &request, 42, &untouched, &error) == BECKON_INVALID_ARGUMENT && untouched.status == 7,
          "unknown handle", error.message);
    check(beckon_tip_check_status(engine, &request, 42) == -BECKON_INVALID_ARGUMENT, "tip_check_status: unknown handle", "");
    check(beckon_tip_check_status(engine, NULL, handles[0]) == -BECKON_INVALID_ARGUMENT, "tip_check_status: NULL request", "");
    check(beckon_tip_check_status(NULL, &request, handles[0]) == -BECKON_INVALID_ARGUMENT, "tip_check_status: NULL engine", "");
    beckon_request empty_subject = request;
    empty_subject.subject = text("");
    check(beckon_tip_check_status(engine, &empty_subject, handles[0]) == -BECKON_INVALID_ARGUMENT, "tip_check_status: empty subject", "");
    beckon_handle unknown_in_batch[2] = {handles[0], 42};
    beckon_tip_result pair[2] = {{.struct_size = sizeof(beckon_tip_result), .status = 7}, {.struct_size = sizeof(beckon_tip_result), .status = 7}};
    check(beckon_tip_check_many(engine, &request, unknown_in_batch, 2, pair, &error) == BECKON_INVALID_ARGUMENT && pair[0].status == 7,
          "tip_check_many: unknown handle", error.message);
    check(strstr(error.message, "tips[1] is 42") != NULL, "tip_check_many: the message names the element", error.message);
    check(beckon_tip_check_many(engine, &request, NULL, 2, pair, &error) == BECKON_INVALID_ARGUMENT, "tip_check_many: NULL tips", error.message);
    check(beckon_tip_check_many(engine, &request, handles, 0, NULL, &error) == BECKON_OK, "tip_check_many: no tips", error.message);
    check(beckon_tip_check_many(engine, &empty_subject, handles, 2, pair, &error) == BECKON_INVALID_ARGUMENT && pair[0].status == 7,
          "tip_check_many: empty subject", error.message);
    check(beckon_reload_text(engine, text(reloaded), text("typed.yaml"), NULL, &error) == BECKON_OK, "reload", error.message);
    check(beckon_tip_check(engine, &request, handles[1], &untouched, &error) == BECKON_NOT_FOUND && untouched.status == 7,
          "stale handle after reload", error.message);
    check(beckon_tip_check_status(engine, &request, handles[1]) == -BECKON_NOT_FOUND, "tip_check_status: stale handle", "");
    check(beckon_tip_check_status(engine, &request, handles[2]) == BECKON_TIP_AVAILABLE, "tip_check_status: a kept handle", "");
    check(beckon_tip_check(engine, &request, handles[2], &untouched, &error) == BECKON_OK && untouched.status == BECKON_TIP_AVAILABLE,
          "a kept handle after reload", error.message);
    check(beckon_tip_check_many(engine, &request, &handles[1], 2, pair, &error) == BECKON_NOT_FOUND && pair[0].status == 7,
          "tip_check_many: stale handle after reload", error.message);
    check(beckon_tip_check_many(engine, &request, &handles[2], 1, pair, &error) == BECKON_OK && pair[0].status == BECKON_TIP_AVAILABLE,
          "tip_check_many: a kept handle after reload", error.message);
    beckon_close(engine);
    printf("typed C host: %d checks, %d failing\n", checks, failures);
    return failures ? 1 : 0;
}
