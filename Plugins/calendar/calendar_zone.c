/*
 * calendar_zone.c — time zones: fixed offsets, TZif files (RFC 8536) and their POSIX TZ footer.
 *
 * The zone is read once, in init, into plain arrays; evaluation is then a binary search and
 * some arithmetic on immutable data, safe on any number of threads. libc's localtime and TZ
 * are avoided on purpose: they are process-global, read the wall-clock zone, and would make
 * every plugin in the process share one zone.
 */
#define _POSIX_C_SOURCE 200809L /* open, fstat, read, close: the only POSIX calls, all in init */

#include "calendar.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/** Real zone files are a few KiB; anything past this is not a zone. */
#define CAL_TZIF_MAX_BYTES (1024u * 1024u)
/** The widest UTC offset RFC 8536 allows in a local time type (about ±26 hours). */
#define CAL_MIN_UTOFF (-89999)
#define CAL_MAX_UTOFF 93599
/** The widest fixed offset accepted in the config ("+18:00", as ISO 8601 tools do). */
#define CAL_MAX_FIXED_OFFSET (18 * 3600)

/* ------------------------------------------------------------------------------------------
 * POSIX TZ strings: "STDoffset[DST[offset][,start[/time],end[/time]]]"
 * ---------------------------------------------------------------------------------------- */

typedef struct cursor {
    const char *text;
    size_t len;
    size_t pos;
} cursor;

static bool at_end(const cursor *c) { return c->pos >= c->len; }
static char peek(const cursor *c) { return at_end(c) ? '\0' : c->text[c->pos]; }

static bool read_number(cursor *c, size_t max_digits, int *value) {
    size_t digits = 0;
    int result = 0;
    while (!at_end(c) && peek(c) >= '0' && peek(c) <= '9' && digits < max_digits) {
        result = result * 10 + (peek(c) - '0');
        c->pos++;
        digits++;
    }
    if (digits == 0) return false;
    *value = result;
    return true;
}

/** A zone abbreviation: letters ("CET"), or anything but '>' in angle brackets ("<+0530>"). */
static bool read_name(cursor *c) {
    if (peek(c) == '<') {
        c->pos++;
        const size_t start = c->pos;
        while (!at_end(c) && peek(c) != '>') {
            const char ch = peek(c);
            const bool ok = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
                            ch == '+' || ch == '-';
            if (!ok) return false;
            c->pos++;
        }
        if (at_end(c) || c->pos == start) return false;
        c->pos++; /* '>' */
        return true;
    }
    const size_t start = c->pos;
    while (!at_end(c) && ((peek(c) >= 'A' && peek(c) <= 'Z') || (peek(c) >= 'a' && peek(c) <= 'z'))) c->pos++;
    return c->pos > start;
}

/** [+-]hh[:mm[:ss]] in seconds; hours up to `max_hours` (24 for offsets, 167 for rule times). */
static bool read_hms(cursor *c, int max_hours, int32_t *seconds) {
    int sign = 1, hours = 0, minutes = 0, secs = 0;
    if (peek(c) == '+' || peek(c) == '-') {
        sign = peek(c) == '-' ? -1 : 1;
        c->pos++;
    }
    if (!read_number(c, 3, &hours) || hours > max_hours) return false;
    if (peek(c) == ':') {
        c->pos++;
        if (!read_number(c, 2, &minutes) || minutes > 59) return false;
        if (peek(c) == ':') {
            c->pos++;
            if (!read_number(c, 2, &secs) || secs > 59) return false;
        }
    }
    *seconds = sign * (hours * 3600 + minutes * 60 + secs);
    return true;
}

static bool read_rule_date(cursor *c, cal_rule_date *date) {
    memset(date, 0, sizeof *date);
    if (peek(c) == 'J') {
        c->pos++;
        date->kind = 'J';
        if (!read_number(c, 3, &date->n) || date->n < 1 || date->n > 365) return false;
    } else if (peek(c) == 'M') {
        c->pos++;
        date->kind = 'M';
        if (!read_number(c, 2, &date->month) || date->month < 1 || date->month > 12) return false;
        if (peek(c) != '.') return false;
        c->pos++;
        if (!read_number(c, 1, &date->week) || date->week < 1 || date->week > 5) return false;
        if (peek(c) != '.') return false;
        c->pos++;
        if (!read_number(c, 1, &date->weekday) || date->weekday > 6) return false;
    } else {
        date->kind = 'D';
        if (!read_number(c, 3, &date->n) || date->n > 365) return false;
    }
    date->time = 2 * 3600; /* POSIX default: 02:00 local */
    if (peek(c) == '/') {
        c->pos++;
        if (!read_hms(c, 167, &date->time)) return false; /* RFC 8536 allows -167..167 hours */
    }
    return true;
}

bool cal_rule_parse(const char *text, size_t len, cal_rule *rule) {
    memset(rule, 0, sizeof *rule);
    cursor c = {.text = text, .len = len, .pos = 0};
    int32_t offset;
    /* POSIX offsets are west-positive ("CET-1" is UTC+1), hence the negations. */
    if (!read_name(&c) || !read_hms(&c, 24, &offset)) return false;
    rule->std_offset = -offset;
    if (at_end(&c)) return true;

    if (!read_name(&c)) return false;
    rule->has_dst = true;
    rule->dst_offset = rule->std_offset + 3600;
    if (peek(&c) != ',' && !at_end(&c)) {
        if (!read_hms(&c, 24, &offset)) return false;
        rule->dst_offset = -offset;
    }
    /* Without explicit dates POSIX leaves the rule to the implementation: fall back instead. */
    if (peek(&c) != ',') return false;
    c.pos++;
    if (!read_rule_date(&c, &rule->start) || peek(&c) != ',') return false;
    c.pos++;
    if (!read_rule_date(&c, &rule->end)) return false;
    return at_end(&c);
}

/** The local second (in the offset then in effect) at which `date` falls in `year`. */
static int64_t rule_local_time(int64_t year, const cal_rule_date *date) {
    int64_t day;
    switch (date->kind) {
    case 'J':
        /* 1..365, February 29 never counted: day 60 is always March 1. */
        day = cal_days_from_civil(year, 1, 1) + date->n - 1 + (cal_is_leap_year(year) && date->n >= 60 ? 1 : 0);
        break;
    case 'D':
        day = cal_days_from_civil(year, 1, 1) + date->n;
        break;
    default: {
        const int64_t first = cal_days_from_civil(year, date->month, 1);
        const int first_weekday = cal_iso_weekday(first) % 7; /* 0 = Sunday, as POSIX counts */
        day = first + (date->weekday - first_weekday + 7) % 7 + (int64_t)(date->week - 1) * 7;
        /* Week 5 means "the last such weekday", which may be in week 4. */
        while (day >= first + cal_days_in_month(year, date->month)) day -= 7;
        break;
    }
    }
    return day * 86400 + date->time;
}

static int32_t rule_offset(const cal_rule *rule, int64_t t) {
    if (!rule->has_dst) return rule->std_offset;
    const int64_t year = cal_civil_from_days(cal_floor_div(t + rule->std_offset, 86400)).year;
    /* DST starts at a standard-time wall clock reading and ends at a DST one. */
    const int64_t start = rule_local_time(year, &rule->start) - rule->std_offset;
    const int64_t end = rule_local_time(year, &rule->end) - rule->dst_offset;
    bool dst;
    if (start < end) dst = t >= start && t < end;
    else dst = !(t >= end && t < start); /* southern hemisphere: DST spans the new year */
    return dst ? rule->dst_offset : rule->std_offset;
}

/* ------------------------------------------------------------------------------------------
 * Offsets at an instant
 * ---------------------------------------------------------------------------------------- */

int32_t cal_zone_offset(const cal_zone *zone, int64_t t) {
    if (zone->count == 0) return zone->has_rule ? rule_offset(&zone->rule, t) : zone->initial_offset;
    if (t < zone->times[0]) return zone->initial_offset;
    if (t > zone->times[zone->count - 1] && zone->has_rule) return rule_offset(&zone->rule, t);
    /* The last transition at or before t. */
    size_t low = 0, high = zone->count; /* times[low] <= t < times[high] (high may be the end) */
    while (high - low > 1) {
        const size_t middle = low + (high - low) / 2;
        if (zone->times[middle] <= t) low = middle;
        else high = middle;
    }
    return zone->offsets[low];
}

/* ------------------------------------------------------------------------------------------
 * TZif
 * ---------------------------------------------------------------------------------------- */

typedef struct tzif_header {
    char version;
    uint64_t isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt;
} tzif_header;

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static int64_t be64(const uint8_t *p) {
    return (int64_t)(((uint64_t)be32(p) << 32) | (uint64_t)be32(p + 4));
}

static bool read_tzif_header(const uint8_t *bytes, size_t len, size_t at, tzif_header *header) {
    if (at > len || len - at < 44 || memcmp(bytes + at, "TZif", 4) != 0) return false;
    const uint8_t *counts = bytes + at + 20;
    header->version = (char)bytes[at + 4];
    header->isutcnt = be32(counts);
    header->isstdcnt = be32(counts + 4);
    header->leapcnt = be32(counts + 8);
    header->timecnt = be32(counts + 12);
    header->typecnt = be32(counts + 16);
    header->charcnt = be32(counts + 20);
    return true;
}

/** The data block's size; counts are at most 2^32 each, so this cannot overflow 64 bits. */
static uint64_t tzif_block_size(const tzif_header *h, uint64_t time_size) {
    return h->timecnt * time_size + h->timecnt + h->typecnt * 6 + h->charcnt + h->leapcnt * (time_size + 4) +
           h->isstdcnt + h->isutcnt;
}

bool cal_zone_parse_tzif(const uint8_t *bytes, size_t len, cal_zone *zone, const char **reason) {
    memset(zone, 0, sizeof *zone);
    tzif_header header;
    if (!read_tzif_header(bytes, len, 0, &header)) {
        *reason = "it does not start with a TZif header";
        return false;
    }
    uint64_t data = 44, time_size = 4;
    if (header.version >= '2') {
        /* Skip the 32-bit block: the 64-bit one after it covers every instant. */
        const uint64_t second = data + tzif_block_size(&header, 4);
        if (second > len || !read_tzif_header(bytes, len, (size_t)second, &header)) {
            *reason = "its 64-bit header is missing";
            return false;
        }
        data = second + 44;
        time_size = 8;
    }
    const uint64_t end = data + tzif_block_size(&header, time_size);
    if (end > len) {
        *reason = "it is cut short";
        return false;
    }
    if (header.typecnt == 0 || header.typecnt > 256) {
        *reason = "its count of local time types is not 1 to 256";
        return false;
    }

    const uint8_t *times = bytes + data;
    const uint8_t *indices = times + header.timecnt * time_size;
    const uint8_t *types = indices + header.timecnt;
    int32_t type_offsets[256];
    for (uint64_t i = 0; i < header.typecnt; i++) {
        const int32_t offset = (int32_t)be32(types + i * 6);
        if (offset < CAL_MIN_UTOFF || offset > CAL_MAX_UTOFF) {
            *reason = "a UTC offset is out of range";
            return false;
        }
        type_offsets[i] = offset;
    }
    zone->initial_offset = type_offsets[0];

    if (header.timecnt > 0) {
        zone->times = malloc((size_t)header.timecnt * sizeof *zone->times);
        zone->offsets = malloc((size_t)header.timecnt * sizeof *zone->offsets);
        if (zone->times == NULL || zone->offsets == NULL) {
            cal_zone_free(zone);
            *reason = "out of memory";
            return false;
        }
    }
    for (uint64_t i = 0; i < header.timecnt; i++) {
        const int64_t t = time_size == 8 ? be64(times + i * 8) : (int64_t)(int32_t)be32(times + i * 4);
        if (i > 0 && t <= zone->times[i - 1]) {
            cal_zone_free(zone);
            *reason = "its transitions are not in ascending order";
            return false;
        }
        if (indices[i] >= header.typecnt) {
            cal_zone_free(zone);
            *reason = "a transition names a local time type that does not exist";
            return false;
        }
        zone->times[i] = t;
        zone->offsets[i] = type_offsets[indices[i]];
        zone->count = (size_t)i + 1;
    }

    /* v2+: "\n<POSIX TZ string>\n" for instants after the last transition. A footer we cannot
       read is not fatal: the last transition's offset then holds, as in v1 files. */
    if (time_size == 8 && end < len && bytes[end] == '\n') {
        const char *footer = (const char *)bytes + end + 1;
        const size_t room = len - (size_t)end - 1;
        const char *newline = memchr(footer, '\n', room);
        if (newline != NULL && newline > footer) {
            zone->has_rule = cal_rule_parse(footer, (size_t)(newline - footer), &zone->rule);
        }
    }
    return true;
}

void cal_zone_free(cal_zone *zone) {
    if (zone == NULL) return;
    free(zone->times);
    free(zone->offsets);
    memset(zone, 0, sizeof *zone);
}

/* ------------------------------------------------------------------------------------------
 * Loading a zone by name
 * ---------------------------------------------------------------------------------------- */

/** "+05:30", "-03:00", "+0530", "+05": the ISO 8601 offset forms ops write. */
static bool parse_fixed_offset(const char *name, size_t len, int32_t *offset) {
    int hours, minutes = 0;
    const char *digits = name + 1;
    if (len == 3) {
        /* ±HH */
    } else if (len == 5) {
        /* ±HHMM */
    } else if (len == 6 && name[3] == ':') {
        /* ±HH:MM */
    } else {
        return false;
    }
    for (size_t i = 1; i < len; i++) {
        if (i == 3 && len == 6) continue; /* the ':' checked above */
        if (name[i] < '0' || name[i] > '9') return false;
    }
    hours = (digits[0] - '0') * 10 + (digits[1] - '0');
    if (len > 3) {
        const char *m = name + (len == 6 ? 4 : 3);
        minutes = (m[0] - '0') * 10 + (m[1] - '0');
    }
    if (minutes > 59) return false;
    const int32_t seconds = hours * 3600 + minutes * 60;
    if (seconds > CAL_MAX_FIXED_OFFSET) return false;
    *offset = name[0] == '-' ? -seconds : seconds;
    return true;
}

static bool is_name_character(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '_' ||
           c == '-' || c == '+' || c == '.';
}

/** Reads a whole regular file of at most CAL_TZIF_MAX_BYTES; on failure says why in `message`. */
static uint8_t *read_zone_file(const char *path, const char *quoted, const char *name, const char *folder,
                               size_t *length, char *message, size_t capacity) {
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR) {
            snprintf(message, capacity, "time zone %s is unknown (there is no %s in %s)", quoted, name, folder);
        } else {
            snprintf(message, capacity, "time zone %s cannot be read from %s: %s", quoted, path, strerror(errno));
        }
        return NULL;
    }
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        snprintf(message, capacity, "time zone %s is unknown (%s in %s is a folder of zones, not a zone)", quoted,
                 name, folder);
        return NULL;
    }
    if (info.st_size <= 0 || (uint64_t)info.st_size > CAL_TZIF_MAX_BYTES) {
        close(fd);
        snprintf(message, capacity, "time zone %s cannot be used: %s is not a TZif file (its size is %lld bytes)",
                 quoted, path, (long long)info.st_size);
        return NULL;
    }
    const size_t size = (size_t)info.st_size;
    uint8_t *bytes = malloc(size);
    size_t done = 0;
    while (bytes != NULL && done < size) {
        const ssize_t got = read(fd, bytes + done, size - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += (size_t)got;
    }
    close(fd);
    if (bytes == NULL || done < size) {
        free(bytes);
        snprintf(message, capacity, "time zone %s cannot be read from %s", quoted, path);
        return NULL;
    }
    *length = size;
    return bytes;
}

bool cal_zone_load(const char *name, size_t name_len, cal_zone *zone, char *message, size_t capacity) {
    memset(zone, 0, sizeof *zone);
    char quoted[96];
    cal_quote(quoted, sizeof quoted, name, name_len);

    if (name_len == 3 && memcmp(name, "UTC", 3) == 0) return true; /* no file needed for the default */

    if (name_len > 0 && (name[0] == '+' || name[0] == '-')) {
        if (parse_fixed_offset(name, name_len, &zone->initial_offset)) return true;
        snprintf(message, capacity,
                 "time zone %s is not a valid offset (expected +HH:MM or -HH:MM up to 18 hours, such as '+05:30')",
                 quoted);
        return false;
    }

    bool valid = name_len > 0 && name_len < 256 && name[0] != '/';
    for (size_t i = 0; valid && i < name_len; i++) valid = is_name_character(name[i]);
    for (size_t i = 0; valid && i + 1 < name_len; i++) valid = !(name[i] == '.' && name[i + 1] == '.');
    if (!valid) {
        snprintf(message, capacity,
                 "time zone %s is not a valid name (expected an IANA name such as 'Europe/Berlin' or an offset "
                 "such as '+05:30')",
                 quoted);
        return false;
    }

    /* TZDIR is read here, in init (serialized), never while evaluating. */
    const char *folder = getenv("TZDIR");
    if (folder == NULL || folder[0] == '\0') folder = "/usr/share/zoneinfo";
    char path[4096];
    const int path_len = snprintf(path, sizeof path, "%s/%.*s", folder, (int)name_len, name);
    if (path_len < 0 || (size_t)path_len >= sizeof path) {
        snprintf(message, capacity, "time zone %s is unknown (its path is too long)", quoted);
        return false;
    }
    char plain_name[256];
    memcpy(plain_name, name, name_len);
    plain_name[name_len] = '\0';

    size_t length = 0;
    uint8_t *bytes = read_zone_file(path, quoted, plain_name, folder, &length, message, capacity);
    if (bytes == NULL) return false;
    const char *reason = "";
    const bool parsed = cal_zone_parse_tzif(bytes, length, zone, &reason);
    free(bytes);
    if (!parsed) {
        snprintf(message, capacity, "time zone %s cannot be used: %s is not a valid TZif file (%s)", quoted, path,
                 reason);
    }
    return parsed;
}
