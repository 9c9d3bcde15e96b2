/*
 * calendar_config.c — reads and checks the plugin's config:
 *
 *     {"timeZone": "Europe/Berlin", "holidays": ["2026-12-25"], "weekend": [6, 7]}
 *
 * check_config, validate_config and init share this one reader, so that whatever validation
 * accepts, init accepts too. It reads on after a problem, so that check_config (ABI 1.1) reports
 * every problem at once; validate_config and init keep the first. Each problem names the
 * offending value (or, for an unknown or repeated key, the key) with an RFC 6901 JSON pointer,
 * which the host turns into a line and column in the YAML file.
 */
#include "calendar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Saturday and Sunday, as ISO weekday bits. */
#define CAL_DEFAULT_WEEKEND ((1u << 6) | (1u << 7))
/**
 * Writes "/key" or "/key/index" (index < 0: none) into `pointer`, escaping '~' and '/' as
 * RFC 6901 says. A pointer that would not fit whole, or would hold a NUL, would point elsewhere:
 * it is left empty instead (the config as a whole).
 */
static void format_pointer(char pointer[BECKON_ERROR_POINTER_CAPACITY], const char *key, size_t key_len, long index) {
    size_t out = 0;
    pointer[0] = '\0';
    if (key == NULL) return;
    pointer[out++] = '/';
    for (size_t i = 0; i < key_len; i++) {
        const char c = key[i];
        if (out + 3 >= BECKON_ERROR_POINTER_CAPACITY || c == '\0') {
            pointer[0] = '\0';
            return;
        }
        if (c == '~' || c == '/') {
            pointer[out++] = '~';
            pointer[out++] = c == '~' ? '0' : '1';
        } else {
            pointer[out++] = c;
        }
    }
    pointer[out] = '\0';
    if (index >= 0) {
        const int written = snprintf(pointer + out, BECKON_ERROR_POINTER_CAPACITY - out, "/%ld", index);
        if (written < 0 || (size_t)written >= BECKON_ERROR_POINTER_CAPACITY - out) pointer[0] = '\0';
    }
}

/**
 * Reports one problem: to the host's sink when there is one (check_config: every problem), else
 * into `error` when it is the first (validate_config and init: the first problem only).
 */
static void report(cal_report *report, const char *key, size_t key_len, long index, uint32_t target,
                   const char *message) {
    char pointer[BECKON_ERROR_POINTER_CAPACITY];
    format_pointer(pointer, key, key_len, index);
    if (report->problems != NULL) {
        const beckon_config_problem problem = {
            .struct_size = sizeof(beckon_config_problem),
            .target = target,
            .json_pointer = {.ptr = pointer, .len = strlen(pointer)},
            .message = {.ptr = message, .len = strlen(message)},
        };
        /* A problem the host finds malformed is reported by the host itself. */
        (void)report->problems->put(report->problems, &problem);
    } else if (report->count == 0) {
        beckon_error_set(report->error, message);
        beckon_error_set_pointer(report->error, pointer);
    }
    report->count++;
}

/** A problem at a value: "/key", "/key/index", or the whole config when key is NULL. */
static void invalid(cal_report *problems, const char *key, long index, const char *message) {
    report(problems, key, key == NULL ? 0 : strlen(key), index, BECKON_CONFIG_AT_VALUE, message);
}

static bool key_is(const cal_json_member *member, const char *name) {
    return member->key_len == strlen(name) && memcmp(member->key, name, member->key_len) == 0;
}

/** A short description of a value for "..., not X" messages: its text when it is small. */
static void describe(char *buffer, size_t capacity, const cal_json *value) {
    if (value->type == CAL_JSON_STRING) {
        char quoted[96];
        cal_quote(quoted, sizeof quoted, value->text, value->text_len);
        snprintf(buffer, capacity, "the string %s", quoted);
    } else if (value->type == CAL_JSON_NUMBER) {
        char quoted[96];
        cal_quote(quoted, sizeof quoted, value->text, value->text_len);
        snprintf(buffer, capacity, "the number %.*s", (int)(strlen(quoted) - 2), quoted + 1);
    } else if (value->type == CAL_JSON_BOOL) {
        snprintf(buffer, capacity, "%s", value->boolean ? "true" : "false");
    } else {
        snprintf(buffer, capacity, "%s", cal_json_type_name(value->type));
    }
}

static void read_time_zone(const cal_json *value, cal_config *config, cal_report *problems) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    if (value->type != CAL_JSON_STRING) {
        char what[128];
        describe(what, sizeof what, value);
        snprintf(message, sizeof message,
                 "timeZone must be a name such as 'Europe/Berlin' or an offset such as '+05:30', not %s", what);
        invalid(problems, "timeZone", -1, message);
        return;
    }
    if (!cal_zone_load(value->text, value->text_len, &config->zone, message, sizeof message)) {
        invalid(problems, "timeZone", -1, message);
    }
}

static int compare_days(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void read_holidays(const cal_json *value, cal_config *config, cal_report *problems) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    char what[128];
    if (value->type != CAL_JSON_ARRAY) {
        describe(what, sizeof what, value);
        snprintf(message, sizeof message, "holidays must be a list of dates (YYYY-MM-DD), not %s", what);
        invalid(problems, "holidays", -1, message);
        return;
    }
    if (value->count > 0) {
        config->holidays = malloc(value->count * sizeof *config->holidays);
        if (config->holidays == NULL) {
            invalid(problems, "holidays", -1, "out of memory reading holidays");
            return;
        }
    }
    for (size_t i = 0; i < value->count; i++) {
        const cal_json *item = &value->items[i];
        int64_t days;
        if (item->type != CAL_JSON_STRING) {
            describe(what, sizeof what, item);
            snprintf(message, sizeof message, "a holiday must be a date string (YYYY-MM-DD), not %s", what);
            invalid(problems, "holidays", (long)i, message);
            continue;
        }
        if (!cal_parse_date(item->text, item->text_len, &days)) {
            cal_quote(what, sizeof what, item->text, item->text_len);
            snprintf(message, sizeof message, "%s is not a date (YYYY-MM-DD)", what);
            invalid(problems, "holidays", (long)i, message);
            continue;
        }
        config->holidays[config->holiday_count++] = days;
    }
    /* Sorted and distinct, for a binary search per evaluation. */
    if (config->holiday_count > 1) {
        qsort(config->holidays, config->holiday_count, sizeof *config->holidays, compare_days);
    }
    size_t distinct = 0;
    for (size_t i = 0; i < config->holiday_count; i++) {
        if (distinct == 0 || config->holidays[distinct - 1] != config->holidays[i]) {
            config->holidays[distinct++] = config->holidays[i];
        }
    }
    config->holiday_count = distinct;
}

static void read_weekend(const cal_json *value, cal_config *config, cal_report *problems) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    char what[128];
    if (value->type != CAL_JSON_ARRAY) {
        describe(what, sizeof what, value);
        snprintf(message, sizeof message,
                 "weekend must be a list of ISO weekdays from 1 (Monday) to 7 (Sunday), such as [6, 7], not %s", what);
        invalid(problems, "weekend", -1, message);
        return;
    }
    unsigned mask = 0;
    for (size_t i = 0; i < value->count; i++) {
        const cal_json *item = &value->items[i];
        if (item->type != CAL_JSON_NUMBER || !item->is_integer) {
            describe(what, sizeof what, item);
            snprintf(message, sizeof message,
                     "a weekend day must be an ISO weekday number from 1 (Monday) to 7 (Sunday), not %s", what);
            invalid(problems, "weekend", (long)i, message);
            continue;
        }
        if (item->integer < 1 || item->integer > 7) {
            snprintf(message, sizeof message,
                     "weekend day %lld is out of range: ISO weekdays go from 1 (Monday) to 7 (Sunday)",
                     (long long)item->integer);
            invalid(problems, "weekend", (long)i, message);
            continue;
        }
        const unsigned bit = 1u << item->integer;
        if (mask & bit) {
            snprintf(message, sizeof message, "weekend day %lld is listed twice", (long long)item->integer);
            invalid(problems, "weekend", (long)i, message);
            continue;
        }
        mask |= bit;
    }
    config->weekend_mask = mask; /* an empty list means no weekend at all */
}

/** Reads every member; a duplicate or unknown key is a problem at the key itself. */
static void read_members(const cal_json *root, cal_config *config, cal_report *problems) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    for (size_t i = 0; i < root->count; i++) {
        const cal_json_member *member = &root->members[i];
        bool duplicate = false;
        for (size_t j = 0; j < i && !duplicate; j++) {
            duplicate = root->members[j].key_len == member->key_len &&
                        memcmp(root->members[j].key, member->key, member->key_len) == 0;
        }
        char quoted[96];
        cal_quote(quoted, sizeof quoted, member->key, member->key_len);
        if (duplicate) {
            snprintf(message, sizeof message, "key %s appears more than once", quoted);
            report(problems, member->key, member->key_len, -1, BECKON_CONFIG_AT_KEY, message);
        } else if (key_is(member, "timeZone")) {
            read_time_zone(&member->value, config, problems);
        } else if (key_is(member, "holidays")) {
            read_holidays(&member->value, config, problems);
        } else if (key_is(member, "weekend")) {
            read_weekend(&member->value, config, problems);
        } else {
            snprintf(message, sizeof message, "unknown key %s (expected timeZone, holidays, weekend)", quoted);
            report(problems, member->key, member->key_len, -1, BECKON_CONFIG_AT_KEY, message);
        }
    }
}

beckon_status cal_config_read(beckon_string json, cal_config *config, cal_report *problems) {
    memset(config, 0, sizeof *config);
    config->weekend_mask = CAL_DEFAULT_WEEKEND; /* the zone is already UTC: offset 0, no transitions */

    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    cal_json root;
    if (!cal_json_parse(json.ptr, json.len, &root, message, sizeof message)) {
        invalid(problems, NULL, -1, message);
        return BECKON_INVALID_ARGUMENT;
    }
    const size_t before = problems->count;
    if (root.type == CAL_JSON_OBJECT) {
        read_members(&root, config, problems);
    } else if (root.type != CAL_JSON_NULL) {
        char what[128];
        describe(what, sizeof what, &root);
        snprintf(message, sizeof message,
                 "the calendar config must be a mapping with timeZone, holidays and weekend, not %s", what);
        invalid(problems, NULL, -1, message);
    }
    cal_json_free(&root);
    if (problems->count == before) return BECKON_OK;
    cal_config_free(config);
    return BECKON_INVALID_ARGUMENT;
}

void cal_config_free(cal_config *config) {
    if (config == NULL) return;
    cal_zone_free(&config->zone);
    free(config->holidays);
    memset(config, 0, sizeof *config);
}

bool cal_config_is_holiday(const cal_config *config, int64_t days) {
    size_t low = 0, high = config->holiday_count;
    while (low < high) {
        const size_t middle = low + (high - low) / 2;
        if (config->holidays[middle] < days) low = middle + 1;
        else if (config->holidays[middle] > days) high = middle;
        else return true;
    }
    return false;
}
