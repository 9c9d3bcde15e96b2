/*
 * calendar_config.c — reads and checks the plugin's config:
 *
 *     {"timeZone": "Europe/Berlin", "holidays": ["2026-12-25"], "weekend": [6, 7]}
 *
 * validate_config and init share this one reader, so that whatever validation accepts, init
 * accepts too. Each problem names the offending value with an RFC 6901 JSON pointer, which the
 * host turns into a line and column in the YAML file.
 */
#include "calendar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Saturday and Sunday, as ISO weekday bits. */
#define CAL_DEFAULT_WEEKEND ((1u << 6) | (1u << 7))
/** How much of a user's string a message quotes before cutting it with "…". */
#define CAL_QUOTE_LIMIT 60

void cal_quote(char *buffer, size_t capacity, const char *text, size_t len) {
    if (capacity == 0) return;
    size_t out = 0;
    const size_t room = capacity - 1;
    size_t limit = len;
    bool cut = false;
    if (limit > CAL_QUOTE_LIMIT) {
        limit = CAL_QUOTE_LIMIT;
        /* Never split a UTF-8 sequence: back up to the start of the one that was cut. */
        while (limit > 0 && ((unsigned char)text[limit] & 0xC0) == 0x80) limit--;
        cut = true;
    }
    if (out < room) buffer[out++] = '\'';
    for (size_t i = 0; i < limit && out < room; i++) {
        const unsigned char c = (unsigned char)text[i];
        buffer[out++] = (c < 0x20 || c == 0x7F) ? '?' : (char)c;
    }
    if (cut) {
        static const char ellipsis[] = "\xE2\x80\xA6"; /* … */
        if (room - out >= sizeof ellipsis - 1) {
            memcpy(buffer + out, ellipsis, sizeof ellipsis - 1);
            out += sizeof ellipsis - 1;
        }
    }
    if (out < room) buffer[out++] = '\'';
    buffer[out] = '\0';
}

/** Sets "/key" or "/key/index" (index < 0: none), escaping '~' and '/' as RFC 6901 says. */
static void set_pointer(beckon_error *error, const char *key, size_t key_len, long index) {
    char pointer[BECKON_ERROR_POINTER_CAPACITY];
    size_t out = 0;
    pointer[out++] = '/';
    for (size_t i = 0; i < key_len; i++) {
        const char c = key[i];
        /* A pointer that would not fit whole, or would hold a NUL, would point elsewhere:
           point at the whole config instead. */
        if (out + 3 >= sizeof pointer || c == '\0') {
            beckon_error_set_pointer(error, "");
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
        const int written = snprintf(pointer + out, sizeof pointer - out, "/%ld", index);
        if (written < 0 || (size_t)written >= sizeof pointer - out) {
            beckon_error_set_pointer(error, "");
            return;
        }
    }
    beckon_error_set_pointer(error, pointer);
}

static beckon_status invalid(beckon_error *error, const char *key, long index, const char *message) {
    beckon_error_set(error, message);
    if (key == NULL) beckon_error_set_pointer(error, "");
    else set_pointer(error, key, strlen(key), index);
    return BECKON_INVALID_ARGUMENT;
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

static beckon_status read_time_zone(const cal_json *value, cal_config *config, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    if (value->type != CAL_JSON_STRING) {
        char what[128];
        describe(what, sizeof what, value);
        snprintf(message, sizeof message,
                 "timeZone must be a name such as 'Europe/Berlin' or an offset such as '+05:30', not %s", what);
        return invalid(error, "timeZone", -1, message);
    }
    if (!cal_zone_load(value->text, value->text_len, &config->zone, message, sizeof message)) {
        return invalid(error, "timeZone", -1, message);
    }
    return BECKON_OK;
}

static int compare_days(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static beckon_status read_holidays(const cal_json *value, cal_config *config, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    char what[128];
    if (value->type != CAL_JSON_ARRAY) {
        describe(what, sizeof what, value);
        snprintf(message, sizeof message, "holidays must be a list of dates (YYYY-MM-DD), not %s", what);
        return invalid(error, "holidays", -1, message);
    }
    if (value->count > 0) {
        config->holidays = malloc(value->count * sizeof *config->holidays);
        if (config->holidays == NULL) return invalid(error, "holidays", -1, "out of memory reading holidays");
    }
    for (size_t i = 0; i < value->count; i++) {
        const cal_json *item = &value->items[i];
        int64_t days;
        if (item->type != CAL_JSON_STRING) {
            describe(what, sizeof what, item);
            snprintf(message, sizeof message, "a holiday must be a date string (YYYY-MM-DD), not %s", what);
            return invalid(error, "holidays", (long)i, message);
        }
        if (!cal_parse_date(item->text, item->text_len, &days)) {
            cal_quote(what, sizeof what, item->text, item->text_len);
            snprintf(message, sizeof message, "%s is not a date (YYYY-MM-DD)", what);
            return invalid(error, "holidays", (long)i, message);
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
    return BECKON_OK;
}

static beckon_status read_weekend(const cal_json *value, cal_config *config, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    char what[128];
    if (value->type != CAL_JSON_ARRAY) {
        describe(what, sizeof what, value);
        snprintf(message, sizeof message,
                 "weekend must be a list of ISO weekdays from 1 (Monday) to 7 (Sunday), such as [6, 7], not %s", what);
        return invalid(error, "weekend", -1, message);
    }
    unsigned mask = 0;
    for (size_t i = 0; i < value->count; i++) {
        const cal_json *item = &value->items[i];
        if (item->type != CAL_JSON_NUMBER || !item->is_integer) {
            describe(what, sizeof what, item);
            snprintf(message, sizeof message,
                     "a weekend day must be an ISO weekday number from 1 (Monday) to 7 (Sunday), not %s", what);
            return invalid(error, "weekend", (long)i, message);
        }
        if (item->integer < 1 || item->integer > 7) {
            snprintf(message, sizeof message,
                     "weekend day %lld is out of range: ISO weekdays go from 1 (Monday) to 7 (Sunday)",
                     (long long)item->integer);
            return invalid(error, "weekend", (long)i, message);
        }
        const unsigned bit = 1u << item->integer;
        if (mask & bit) {
            snprintf(message, sizeof message, "weekend day %lld is listed twice", (long long)item->integer);
            return invalid(error, "weekend", (long)i, message);
        }
        mask |= bit;
    }
    config->weekend_mask = mask; /* an empty list means no weekend at all */
    return BECKON_OK;
}

static beckon_status read_members(const cal_json *root, cal_config *config, beckon_error *error) {
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    for (size_t i = 0; i < root->count; i++) {
        const cal_json_member *member = &root->members[i];
        for (size_t j = 0; j < i; j++) {
            if (root->members[j].key_len == member->key_len &&
                memcmp(root->members[j].key, member->key, member->key_len) == 0) {
                char quoted[96];
                cal_quote(quoted, sizeof quoted, member->key, member->key_len);
                snprintf(message, sizeof message, "key %s appears more than once", quoted);
                beckon_error_set(error, message);
                set_pointer(error, member->key, member->key_len, -1);
                return BECKON_INVALID_ARGUMENT;
            }
        }
        beckon_status status;
        if (key_is(member, "timeZone")) status = read_time_zone(&member->value, config, error);
        else if (key_is(member, "holidays")) status = read_holidays(&member->value, config, error);
        else if (key_is(member, "weekend")) status = read_weekend(&member->value, config, error);
        else {
            char quoted[96];
            cal_quote(quoted, sizeof quoted, member->key, member->key_len);
            snprintf(message, sizeof message, "unknown key %s (expected timeZone, holidays, weekend)", quoted);
            beckon_error_set(error, message);
            set_pointer(error, member->key, member->key_len, -1);
            return BECKON_INVALID_ARGUMENT;
        }
        if (status != BECKON_OK) return status;
    }
    return BECKON_OK;
}

beckon_status cal_config_read(beckon_string json, cal_config *config, beckon_error *error) {
    memset(config, 0, sizeof *config);
    config->weekend_mask = CAL_DEFAULT_WEEKEND; /* the zone is already UTC: offset 0, no transitions */

    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    cal_json root;
    if (!cal_json_parse(json.ptr, json.len, &root, message, sizeof message)) {
        return invalid(error, NULL, -1, message);
    }
    beckon_status status = BECKON_OK;
    if (root.type == CAL_JSON_OBJECT) {
        status = read_members(&root, config, error);
    } else if (root.type != CAL_JSON_NULL) {
        char what[128];
        describe(what, sizeof what, &root);
        snprintf(message, sizeof message,
                 "the calendar config must be a mapping with timeZone, holidays and weekend, not %s", what);
        status = invalid(error, NULL, -1, message);
    }
    cal_json_free(&root);
    if (status != BECKON_OK) cal_config_free(config);
    return status;
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
