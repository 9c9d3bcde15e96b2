/*
 * calendar.h — private declarations shared by the calendar plugin's files.
 *
 * The plugin is built with -fvisibility=hidden, so nothing here is exported; only
 * beckon_plugin_entry_v1 (calendar.c) is. Everything a condition reads during evaluation
 * lives in one immutable cal_config built by init, so evaluations may run on many threads.
 */
#ifndef BECKON_CALENDAR_H
#define BECKON_CALENDAR_H

#include "beckon_plugin.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Civil dates (calendar_date.c): proleptic Gregorian, days counted from 1970-01-01 ---- */

typedef struct cal_civil {
    int64_t year;
    int month; /* 1..12 */
    int day;   /* 1..31 */
} cal_civil;

int64_t cal_days_from_civil(int64_t year, int month, int day);
cal_civil cal_civil_from_days(int64_t days);
/** ISO weekday of a day number: 1 = Monday .. 7 = Sunday. */
int cal_iso_weekday(int64_t days);
bool cal_is_leap_year(int64_t year);
int cal_days_in_month(int64_t year, int month);
/** Parses exactly "YYYY-MM-DD" (a real date) into a day number; false otherwise. */
bool cal_parse_date(const char *text, size_t len, int64_t *days);
/** Writes "YYYY-MM-DD" (NUL-terminated) for a day number; returns the length written. */
size_t cal_format_date(int64_t days, char *buffer, size_t capacity);
/** floor(a / b) for b > 0, exact for negative a. */
int64_t cal_floor_div(int64_t a, int64_t b);

/* ---- Time zones (calendar_zone.c) ---- */

/** How a POSIX TZ rule names a day of the year: Jn, n or Mm.w.d. */
typedef struct cal_rule_date {
    char kind; /* 'J' (1..365, no Feb 29), 'D' (0..365 zero-based), 'M' (month.week.weekday) */
    int n;
    int month, week, weekday; /* weekday 0 = Sunday, as POSIX writes it */
    int32_t time;             /* seconds after local midnight; may be negative or past 24h */
} cal_rule_date;

/** The POSIX TZ string from a TZif footer: the zone's rule after its last transition. */
typedef struct cal_rule {
    int32_t std_offset; /* UTC offsets in seconds, east positive */
    int32_t dst_offset;
    bool has_dst;
    cal_rule_date start, end; /* DST starts at `start` (standard time), ends at `end` (DST) */
} cal_rule;

typedef struct cal_zone {
    /* Transitions, strictly ascending Unix seconds, and the UTC offset in effect after each. */
    int64_t *times;
    int32_t *offsets;
    size_t count;
    /* The offset before the first transition (TZif local time type 0), or the fixed offset. */
    int32_t initial_offset;
    bool has_rule;
    cal_rule rule;
} cal_zone;

/**
 * Loads a zone: "UTC", a fixed offset ("+05:30", "-03", "+0530") or an IANA name read from
 * $TZDIR or /usr/share/zoneinfo. On failure fills `message` (capacity bytes) with a sentence
 * that names the problem and returns false.
 */
bool cal_zone_load(const char *name, size_t name_len, cal_zone *zone, char *message, size_t capacity);
/** Parses TZif bytes (v1, or the 64-bit block and footer of v2+); exposed for robustness tests. */
bool cal_zone_parse_tzif(const uint8_t *bytes, size_t len, cal_zone *zone, const char **reason);
/** Parses a POSIX TZ string such as "CET-1CEST,M3.5.0,M10.5.0/3". */
bool cal_rule_parse(const char *text, size_t len, cal_rule *rule);
void cal_zone_free(cal_zone *zone);
/** The UTC offset (seconds, east positive) in effect at Unix second `t`. */
int32_t cal_zone_offset(const cal_zone *zone, int64_t t);

/* ---- JSON (calendar_json.c): a small bounded reader for the config ---- */

typedef enum cal_json_type {
    CAL_JSON_NULL,
    CAL_JSON_BOOL,
    CAL_JSON_NUMBER,
    CAL_JSON_STRING,
    CAL_JSON_ARRAY,
    CAL_JSON_OBJECT,
} cal_json_type;

typedef struct cal_json_member cal_json_member;

typedef struct cal_json {
    cal_json_type type;
    bool boolean;
    /* Numbers: the source text (for messages) and, when it is an integer in range, its value. */
    bool is_integer;
    int64_t integer;
    /* Strings: decoded UTF-8 (NUL-terminated; may contain NUL from \u0000); numbers: their text. */
    char *text;
    size_t text_len;
    /* Arrays: `count` items; objects: `count` members. */
    struct cal_json *items;
    cal_json_member *members;
    size_t count;
} cal_json;

struct cal_json_member {
    char *key;
    size_t key_len;
    cal_json value;
};

/** The deepest nesting the reader accepts: a config is two levels deep; this is plenty. */
#define CAL_JSON_MAX_DEPTH 64
/** The largest config text the reader accepts (the YAML file itself is capped at 16 MiB). */
#define CAL_JSON_MAX_BYTES (16u * 1024u * 1024u)

/** Parses `len` bytes; on failure fills `message` and returns false (nothing to free). */
bool cal_json_parse(const char *text, size_t len, cal_json *root, char *message, size_t capacity);
void cal_json_free(cal_json *value);
const char *cal_json_type_name(cal_json_type type);

/* ---- The plugin's config (calendar_config.c) ---- */

typedef struct cal_config {
    cal_zone zone;
    /* Holidays as sorted, distinct day numbers. */
    int64_t *holidays;
    size_t holiday_count;
    /* Bit d (1..7) set when ISO weekday d is a weekend day. */
    unsigned weekend_mask;
} cal_config;

/** Where config problems go: every one to `problems` (check_config), or the first into `error`. */
typedef struct cal_report {
    beckon_config_problem_sink *problems; /* NULL: only the first problem, into `error` */
    beckon_error *error;
    size_t count; /* problems found so far */
} cal_report;

/**
 * Reads the config JSON (`null` means all defaults), reporting every problem with the JSON
 * pointer of the offending value or key. Returns BECKON_INVALID_ARGUMENT (and frees what it
 * read) when it found any.
 */
beckon_status cal_config_read(beckon_string json, cal_config *config, cal_report *problems);
void cal_config_free(cal_config *config);
bool cal_config_is_holiday(const cal_config *config, int64_t days);

/* ---- The plugin's state and conditions (calendar.c, calendar_conditions.c) ---- */

/** What init builds and every condition reads: the host and the config, never changed after. */
typedef struct cal_plugin {
    const beckon_host *host;
    cal_config config;
} cal_plugin;

#define CAL_CONDITION_COUNT 7
/** The conditions, in the order `beckon plugins` lists them. */
extern const beckon_condition *const cal_conditions[CAL_CONDITION_COUNT];

/* ---- Messages (calendar_text.c) ---- */

/**
 * Writes `text` into `buffer` as a quoted excerpt for a message ('like this'): at most a few
 * dozen bytes, cut on a UTF-8 boundary with "…", control bytes shown as '?', so that hostile
 * strings keep messages short and printable.
 */
void cal_quote(char *buffer, size_t capacity, const char *text, size_t len);

/** Sets `message` on `error` and returns `status`. */
beckon_status cal_fail(beckon_error *error, beckon_status status, const char *message);

#endif /* BECKON_CALENDAR_H */
