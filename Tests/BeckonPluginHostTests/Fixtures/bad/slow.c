/*
 * Bad plugin: a condition that takes as long as it is told, then asks the host for the subject
 * (a service a call past its time limit must still be answered, without touching the decision).
 *
 *     slow.sleep(int) -> bool      sleeps the given milliseconds, then true for a non-empty subject
 */
#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include "../fixture_plugin.h"

static const beckon_host *host;

static beckon_status sleep_then_answer(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    int64_t milliseconds = count == 1 && args[0].type == BECKON_TYPE_INT ? args[0].as.integer : 0;
    struct timespec pause = {.tv_sec = milliseconds / 1000, .tv_nsec = (milliseconds % 1000) * 1000000};
    while (nanosleep(&pause, &pause) != 0) {}
    return fixture_put_bool(result, host->eval_subject(eval).len > 0);
}

static const beckon_condition condition = FIXTURE_CONDITION("sleep", "(int) -> bool", sleep_then_answer);
static const beckon_condition *const conditions[] = {&condition};

static const beckon_plugin plugin = {
    FIXTURE_OF_THIS_HEADER, .name = "slow", .version = "1.0.0",
    .conditions = conditions, .condition_count = 1,
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *h) {
    host = h;
    return &plugin;
}
