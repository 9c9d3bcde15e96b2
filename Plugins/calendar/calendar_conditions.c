/*
 * calendar_conditions.c — the calendar's conditions. Rules ask the calendar about the decision's
 * instant in the configured zone:
 *
 *     calendar.weekday() -> int            ISO 1 = Monday .. 7 = Sunday
 *     calendar.isWeekend() -> bool         weekend days from the config (default [6, 7])
 *     calendar.hour() -> int               local hour 0..23
 *     calendar.hourBetween(int, int)       local hour in [start, end), wrapping past midnight
 *     calendar.between(string, string)     local date within an inclusive "YYYY-MM-DD" range
 *     calendar.isHoliday() -> bool         local date in the config's holidays
 *     calendar.localDate() -> string       "2026-12-25"
 *
 * Every answer comes from host->eval_now, never from the wall clock, so `--now` and tests can
 * replay any instant. Evaluation only reads the immutable state init built, so every
 * condition may run on several threads at once.
 */
#include "calendar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** The decision's instant as the configured zone sees it. */
typedef struct cal_local {
    int64_t days; /* local date as a day number */
    int hour;     /* 0..23 */
} cal_local;

/* ------------------------------------------------------------------------------------------
 * Helpers shared by the conditions
 * ---------------------------------------------------------------------------------------- */

/** Local time in the zone for UTC second `t`. */
static int64_t wall_seconds(const cal_plugin *plugin, int64_t t) {
    /* |t| <= 2^63 / 1000 and |offset| < 2 days: the sum cannot overflow. */
    return t + cal_zone_offset(&plugin->config.zone, t);
}

/**
 * Tells the host (ABI 1.1, when it offers eval_holds_until) that the answer holds until the
 * local time next reaches a multiple of `unit` seconds (an hour, or midnight for a day), or
 * until the zone's offset next changes (a DST transition), whichever is first: every calendar
 * answer depends on the local hour or date only.
 */
static void say_holds_until(const cal_plugin *plugin, const beckon_eval *eval, int64_t seconds, int64_t unit) {
    const beckon_host *host = plugin->host;
    if (!BECKON_HAS_FIELD(host, beckon_host, eval_holds_until) || host->eval_holds_until == NULL) return;
    const int32_t offset = cal_zone_offset(&plugin->config.zone, seconds);
    const int64_t wall = seconds + offset;
    int64_t boundary = (cal_floor_div(wall, unit) + 1) * unit - offset; /* UTC second, same offset */
    if (cal_zone_offset(&plugin->config.zone, boundary - 1) != offset) {
        /* The offset changes first: find the first second with the new offset. */
        int64_t low = seconds, high = boundary - 1; /* offset(low) == offset, offset(high) != offset */
        while (high - low > 1) {
            const int64_t middle = low + (high - low) / 2;
            if (cal_zone_offset(&plugin->config.zone, middle) == offset) low = middle; else high = middle;
        }
        boundary = high;
    }
    if (boundary > INT64_MAX / 1000) return; /* past the end of time: nothing to say */
    host->eval_holds_until(eval, boundary * 1000);
}

/** The decision's instant as the zone sees it; the answer, being about its hour (`unit` 3600)
 *  or its date (86400), holds until the next such boundary, which the host is told. */
static beckon_status local_now(void *plugin_state, const beckon_eval *eval, int64_t unit, cal_local *local,
                               beckon_error *error) {
    const cal_plugin *plugin = plugin_state;
    if (plugin == NULL || plugin->host == NULL) {
        return cal_fail(error, BECKON_INTERNAL, "the calendar plugin was evaluated before init");
    }
    const int64_t seconds = cal_floor_div(plugin->host->eval_now(eval), 1000);
    const int64_t wall = wall_seconds(plugin, seconds);
    local->days = cal_floor_div(wall, 86400);
    local->hour = (int)((wall - local->days * 86400) / 3600);
    say_holds_until(plugin, eval, seconds, unit);
    return BECKON_OK;
}

static beckon_status put(beckon_value_sink *result, const beckon_value *value, beckon_error *error) {
    const beckon_status status = result->put(result, value);
    if (status != BECKON_OK) return cal_fail(error, status, "the host refused the calendar's result");
    return BECKON_OK;
}

static beckon_status put_bool(beckon_value_sink *result, bool answer, beckon_error *error) {
    beckon_value value = {.type = BECKON_TYPE_BOOL, .reserved = 0, .as.boolean = answer};
    return put(result, &value, error);
}

static beckon_status put_int(beckon_value_sink *result, int64_t answer, beckon_error *error) {
    beckon_value value = {.type = BECKON_TYPE_INT, .reserved = 0, .as.integer = answer};
    return put(result, &value, error);
}

/* ------------------------------------------------------------------------------------------
 * Argument-free conditions
 * ---------------------------------------------------------------------------------------- */

static beckon_status weekday_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                      const beckon_value *args, size_t count, beckon_value_sink *result,
                                      beckon_error *error) {
    (void)call_state, (void)args, (void)count;
    cal_local local;
    const beckon_status status = local_now(plugin_state, eval, 86400, &local, error);
    if (status != BECKON_OK) return status;
    return put_int(result, cal_iso_weekday(local.days), error);
}

static beckon_status is_weekend_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                         const beckon_value *args, size_t count, beckon_value_sink *result,
                                         beckon_error *error) {
    (void)call_state, (void)args, (void)count;
    cal_local local;
    const beckon_status status = local_now(plugin_state, eval, 86400, &local, error);
    if (status != BECKON_OK) return status;
    const unsigned mask = ((const cal_plugin *)plugin_state)->config.weekend_mask;
    return put_bool(result, (mask >> cal_iso_weekday(local.days)) & 1u, error);
}

static beckon_status hour_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                   const beckon_value *args, size_t count, beckon_value_sink *result,
                                   beckon_error *error) {
    (void)call_state, (void)args, (void)count;
    cal_local local;
    const beckon_status status = local_now(plugin_state, eval, 3600, &local, error);
    if (status != BECKON_OK) return status;
    return put_int(result, local.hour, error);
}

static beckon_status is_holiday_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                         const beckon_value *args, size_t count, beckon_value_sink *result,
                                         beckon_error *error) {
    (void)call_state, (void)args, (void)count;
    cal_local local;
    const beckon_status status = local_now(plugin_state, eval, 86400, &local, error);
    if (status != BECKON_OK) return status;
    return put_bool(result, cal_config_is_holiday(&((const cal_plugin *)plugin_state)->config, local.days), error);
}

static beckon_status local_date_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                         const beckon_value *args, size_t count, beckon_value_sink *result,
                                         beckon_error *error) {
    (void)call_state, (void)args, (void)count;
    cal_local local;
    const beckon_status status = local_now(plugin_state, eval, 86400, &local, error);
    if (status != BECKON_OK) return status;
    char text[32]; /* on the stack: the host copies the string before put returns */
    const size_t length = cal_format_date(local.days, text, sizeof text);
    beckon_value value = {.type = BECKON_TYPE_STRING, .reserved = 0, .as.string = {.ptr = text, .len = length}};
    return put(result, &value, error);
}

/* ------------------------------------------------------------------------------------------
 * Two-argument conditions: hourBetween and between both take a pair of arguments. Constants
 * are checked once in bind and remembered; the rest are checked at each evaluation.
 * ---------------------------------------------------------------------------------------- */

/** What bind learned from the constant arguments; evaluate reads the others from args. */
typedef struct arg_pair {
    bool known[2];
    int64_t value[2];
} arg_pair;

/** Checks argument `index` (0 or 1) and converts it; the message names the argument. */
typedef beckon_status (*pair_check)(const beckon_value *value, size_t index, int64_t *out, beckon_error *error);

/** A rule on the two values together (NULL for none); it can only run once both are at hand. */
typedef beckon_status (*pair_order)(const int64_t pair[2], beckon_error *error);

static beckon_status wrong_count(const char *name, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    snprintf(message, sizeof message, "%s takes 2 arguments", name);
    return cal_fail(error, BECKON_INTERNAL, message);
}

/**
 * Checks the known constants now, so a bad rule fails at load rather than at every decision,
 * and keeps them for evaluate. Order runs when both are constant; it comes before the
 * allocation so a rule that can never hold is reported as such, not as running out of memory.
 */
static beckon_status bind_pair(const char *name, pair_check check, pair_order order, const beckon_value *constants,
                               const bool *known, size_t count, void **call_state, beckon_error *error) {
    if (count != 2) return wrong_count(name, error);
    arg_pair pair = {{false, false}, {0, 0}};
    for (size_t i = 0; i < 2; i++) {
        if (!known[i]) continue; /* known only at evaluation, where it may still be null */
        const beckon_status status = check(&constants[i], i, &pair.value[i], error);
        if (status != BECKON_OK) {
            beckon_error_set_pointer(error, i == 0 ? "/0" : "/1"); /* the host underlines that argument */
            return status;
        }
        pair.known[i] = true;
    }
    if (order != NULL && pair.known[0] && pair.known[1]) {
        const beckon_status status = order(pair.value, error);
        if (status != BECKON_OK) return status;
    }
    if (!pair.known[0] && !pair.known[1]) {
        *call_state = NULL; /* nothing to remember: evaluate reads both arguments */
        return BECKON_OK;
    }
    arg_pair *stored = malloc(sizeof *stored);
    if (stored == NULL) {
        char message[BECKON_ERROR_MESSAGE_CAPACITY];
        snprintf(message, sizeof message, "out of memory binding %s", name);
        return cal_fail(error, BECKON_INTERNAL, message);
    }
    *stored = pair;
    *call_state = stored;
    return BECKON_OK;
}

/**
 * Both values for one evaluation: bound constants as bind stored them, the others checked
 * from args. Args is only consulted (and its count only matters) when something is not bound.
 * Order runs every time, since an argument that varies may put the pair out of order.
 */
static beckon_status resolve_pair(const char *name, pair_check check, pair_order order, const void *call_state,
                                  const beckon_value *args, size_t count, int64_t out[2], beckon_error *error) {
    const arg_pair *bound = call_state;
    for (size_t i = 0; i < 2; i++) {
        if (bound != NULL && bound->known[i]) {
            out[i] = bound->value[i];
            continue;
        }
        if (args == NULL || count != 2) return wrong_count(name, error);
        const beckon_status status = check(&args[i], i, &out[i], error);
        if (status != BECKON_OK) return status;
    }
    return order != NULL ? order(out, error) : BECKON_OK;
}

static void free_call_state(void *plugin_state, void *call_state) {
    (void)plugin_state;
    free(call_state);
}

/* ------------------------------------------------------------------------------------------
 * hourBetween(start, end): local hour in [start, end), wrapping past midnight
 * ---------------------------------------------------------------------------------------- */

static const char *const hour_names[2] = {"start", "end"};

static beckon_status check_hour(const beckon_value *value, size_t index, int64_t *hour, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    if (value->type != BECKON_TYPE_INT) {
        snprintf(message, sizeof message, "hourBetween's %s hour must be an integer from 0 to 24, not %s",
                 hour_names[index], value->type == BECKON_TYPE_NULL ? "null" : "a value of another type");
        return cal_fail(error, BECKON_INVALID_ARGUMENT, message);
    }
    if (value->as.integer < 0 || value->as.integer > 24) {
        snprintf(message, sizeof message, "hourBetween's %s hour must be from 0 to 24, not %lld", hour_names[index],
                 (long long)value->as.integer);
        return cal_fail(error, BECKON_INVALID_ARGUMENT, message);
    }
    *hour = value->as.integer;
    return BECKON_OK;
}

static beckon_status hour_between_bind(void *plugin_state, const beckon_value *constants, const bool *known,
                                       size_t count, void **call_state, beckon_error *error) {
    (void)plugin_state;
    return bind_pair("hourBetween", check_hour, NULL, constants, known, count, call_state, error);
}

static beckon_status hour_between_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                           const beckon_value *args, size_t count, beckon_value_sink *result,
                                           beckon_error *error) {
    int64_t hour[2];
    beckon_status status = resolve_pair("hourBetween", check_hour, NULL, call_state, args, count, hour, error);
    if (status != BECKON_OK) return status;
    cal_local local;
    status = local_now(plugin_state, eval, 3600, &local, error);
    if (status != BECKON_OK) return status;
    bool inside;
    if (hour[0] < hour[1]) inside = local.hour >= hour[0] && local.hour < hour[1];
    else if (hour[0] > hour[1]) inside = local.hour >= hour[0] || local.hour < hour[1]; /* 22..6 */
    else inside = false; /* [h, h) is empty */
    return put_bool(result, inside, error);
}

/* ------------------------------------------------------------------------------------------
 * between(first, last): an inclusive range of local dates
 * ---------------------------------------------------------------------------------------- */

static const char *const date_names[2] = {"first", "last"};

static beckon_status check_date(const beckon_value *value, size_t index, int64_t *days, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    if (value->type != BECKON_TYPE_STRING) {
        snprintf(message, sizeof message, "between's %s date must be a string (YYYY-MM-DD), not %s", date_names[index],
                 value->type == BECKON_TYPE_NULL ? "null" : "a value of another type");
        return cal_fail(error, BECKON_INVALID_ARGUMENT, message);
    }
    if (!cal_parse_date(value->as.string.ptr, value->as.string.len, days)) {
        char quoted[96];
        cal_quote(quoted, sizeof quoted, value->as.string.ptr, value->as.string.len);
        snprintf(message, sizeof message, "%s is not a date (YYYY-MM-DD)", quoted);
        return cal_fail(error, BECKON_INVALID_ARGUMENT, message);
    }
    return BECKON_OK;
}

static beckon_status check_order(const int64_t days[2], beckon_error *error) {
    if (days[0] <= days[1]) return BECKON_OK;
    char first[32], last[32], message[BECKON_ERROR_MESSAGE_CAPACITY];
    cal_format_date(days[0], first, sizeof first);
    cal_format_date(days[1], last, sizeof last);
    snprintf(message, sizeof message, "between('%s', '%s') can never hold: its first date is after its last", first,
             last);
    return cal_fail(error, BECKON_INVALID_ARGUMENT, message);
}

static beckon_status between_bind(void *plugin_state, const beckon_value *constants, const bool *known, size_t count,
                                  void **call_state, beckon_error *error) {
    (void)plugin_state;
    return bind_pair("between", check_date, check_order, constants, known, count, call_state, error);
}

static beckon_status between_evaluate(void *plugin_state, void *call_state, const beckon_eval *eval,
                                      const beckon_value *args, size_t count, beckon_value_sink *result,
                                      beckon_error *error) {
    int64_t days[2];
    beckon_status status = resolve_pair("between", check_date, check_order, call_state, args, count, days, error);
    if (status != BECKON_OK) return status;
    cal_local local;
    status = local_now(plugin_state, eval, 86400, &local, error);
    if (status != BECKON_OK) return status;
    return put_bool(result, local.days >= days[0] && local.days <= days[1], error);
}

/* ------------------------------------------------------------------------------------------
 * The conditions' descriptors
 * ---------------------------------------------------------------------------------------- */

#define CALENDAR_CONDITION(symbol, condition_name, condition_signature, condition_summary, bind_fn, evaluate_fn, \
                           unbind_fn)                                                                            \
    static const beckon_condition symbol = {                                                                     \
        .struct_size = sizeof(beckon_condition),                                                                 \
        .flags = BECKON_CONDITION_PURE,                                                                          \
        .name = condition_name,                                                                                  \
        .signature = condition_signature,                                                                        \
        .summary = condition_summary,                                                                            \
        .bind = bind_fn,                                                                                         \
        .evaluate = evaluate_fn,                                                                                 \
        .unbind = unbind_fn,                                                                                     \
    }

CALENDAR_CONDITION(weekday_condition, "weekday", "() -> int",
                   "ISO weekday in the calendar's zone: 1 = Monday .. 7 = Sunday", NULL, weekday_evaluate, NULL);
CALENDAR_CONDITION(is_weekend_condition, "isWeekend", "() -> bool",
                   "Whether the local day is a weekend day (config weekend, default Saturday and Sunday)", NULL,
                   is_weekend_evaluate, NULL);
CALENDAR_CONDITION(hour_condition, "hour", "() -> int", "Local hour, 0 to 23", NULL, hour_evaluate, NULL);
CALENDAR_CONDITION(hour_between_condition, "hourBetween", "(int, int) -> bool",
                   "Whether the local hour is in [start, end), wrapping past midnight when start > end (22, 6)",
                   hour_between_bind, hour_between_evaluate, free_call_state);
CALENDAR_CONDITION(between_condition, "between", "(string, string) -> bool",
                   "Whether the local date is within an inclusive range of dates (\"YYYY-MM-DD\")", between_bind,
                   between_evaluate, free_call_state);
CALENDAR_CONDITION(is_holiday_condition, "isHoliday", "() -> bool",
                   "Whether the local date is in the config's holidays", NULL, is_holiday_evaluate, NULL);
CALENDAR_CONDITION(local_date_condition, "localDate", "() -> string", "The local date, \"YYYY-MM-DD\"", NULL,
                   local_date_evaluate, NULL);

const beckon_condition *const cal_conditions[CAL_CONDITION_COUNT] = {
    &weekday_condition,   &is_weekend_condition, &hour_condition,       &hour_between_condition,
    &between_condition,   &is_holiday_condition, &local_date_condition,
};
_Static_assert(sizeof cal_conditions / sizeof cal_conditions[0] == CAL_CONDITION_COUNT,
               "CAL_CONDITION_COUNT is the number of conditions");
