/*
 * clock: conditions on the decision's instant, for the ABI 1.1 `eval_holds_until` service.
 *
 *     clock.before(int) -> bool           now (Unix ms) < the argument; says it holds until then (1.1)
 *     clock.beforeSilently(int)          the same, without saying until when (PURE)
 *     clock.positive(int) -> bool         the argument > 0; reads nothing in time (PURE)
 */
#include "../fixture_plugin.h"

static const beckon_host *clock_host;

static beckon_status clock_put_bool(beckon_value_sink *result, bool answer) {
    beckon_value value = {0};
    value.type = BECKON_TYPE_BOOL;
    value.as.boolean = answer;
    return result->put(result, &value);
}

static beckon_status before(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    const int64_t now = clock_host->eval_now(eval), limit = args[0].as.integer;
    /* The answer changes at `limit` if it is still to come, else never. */
    if (now < limit && BECKON_HAS_FIELD(clock_host, beckon_host, eval_holds_until)) clock_host->eval_holds_until(eval, limit);
    if (now >= limit && BECKON_HAS_FIELD(clock_host, beckon_host, eval_holds_until)) clock_host->eval_holds_until(eval, INT64_MAX);
    return clock_put_bool(result, now < limit);
}

static beckon_status before_silently(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    return clock_put_bool(result, clock_host->eval_now(eval) < args[0].as.integer);
}

static beckon_status positive(FIXTURE_EVALUATE_PARAMETERS) {
    FIXTURE_IGNORE_EVALUATE_PARAMETERS;
    return clock_put_bool(result, args[0].as.integer > 0);
}

static const beckon_condition before_condition = {
    .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE, .name = "before",
    .signature = "(int) -> bool", .summary = "now is before the argument", .evaluate = before,
};
static const beckon_condition before_silently_condition = {
    .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE, .name = "beforeSilently",
    .signature = "(int) -> bool", .summary = "now is before the argument (says nothing of time)",
    .evaluate = before_silently,
};
static const beckon_condition positive_condition = {
    .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE, .name = "positive",
    .signature = "(int) -> bool", .summary = "the argument is positive", .evaluate = positive,
};
static const beckon_condition *const clock_conditions[] = {&before_condition, &before_silently_condition, &positive_condition};

static const beckon_plugin clock_plugin = {
    FIXTURE_OF_THIS_HEADER,
    .min_host_minor = 0,
    .name = "clock",
    .version = "1.0.0",
    .summary = "conditions on the decision's instant",
    .conditions = clock_conditions,
    .condition_count = sizeof clock_conditions / sizeof clock_conditions[0],
};

BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
    if (host == NULL || host->abi_major != BECKON_PLUGIN_ABI_MAJOR) return NULL;
    clock_host = host;
    return &clock_plugin;
}
