/*
 * calendar_date.c — civil-date arithmetic on day numbers (days since 1970-01-01).
 *
 * Done by hand (Howard Hinnant's days_from_civil / civil_from_days) rather than with libc's
 * time functions: those read the process's TZ and locale, some are not thread-safe, and
 * time_t may not cover the whole int64 millisecond range the host can hand us.
 */
#include "calendar.h"

#include <stdio.h>

int64_t cal_floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b) < 0) q -= 1;
    return q;
}

int64_t cal_days_from_civil(int64_t year, int month, int day) {
    year -= month <= 2;
    const int64_t era = (year >= 0 ? year : year - 399) / 400;
    const int64_t year_of_era = year - era * 400;                                   /* [0, 399] */
    const int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1; /* [0, 365] */
    const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

cal_civil cal_civil_from_days(int64_t days) {
    days += 719468;
    const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const int64_t day_of_era = days - era * 146097;                                 /* [0, 146096] */
    const int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const int64_t shifted_month = (5 * day_of_year + 2) / 153;                      /* March = 0 */
    cal_civil civil;
    civil.day = (int)(day_of_year - (153 * shifted_month + 2) / 5 + 1);
    civil.month = (int)(shifted_month < 10 ? shifted_month + 3 : shifted_month - 9);
    civil.year = year_of_era + era * 400 + (civil.month <= 2);
    return civil;
}

int cal_iso_weekday(int64_t days) {
    /* 1970-01-01 was a Thursday (ISO 4). */
    int64_t r = (days + 3) % 7;
    if (r < 0) r += 7;
    return (int)r + 1;
}

bool cal_is_leap_year(int64_t year) {
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int cal_days_in_month(int64_t year, int month) {
    static const int lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12) return 0;
    if (month == 2 && cal_is_leap_year(year)) return 29;
    return lengths[month - 1];
}

static bool read_digits(const char *text, size_t count, int *value) {
    int result = 0;
    for (size_t i = 0; i < count; i++) {
        if (text[i] < '0' || text[i] > '9') return false;
        result = result * 10 + (text[i] - '0');
    }
    *value = result;
    return true;
}

bool cal_parse_date(const char *text, size_t len, int64_t *days) {
    if (text == NULL || len != 10 || text[4] != '-' || text[7] != '-') return false;
    int year, month, day;
    if (!read_digits(text, 4, &year) || !read_digits(text + 5, 2, &month) || !read_digits(text + 8, 2, &day)) {
        return false;
    }
    if (month < 1 || month > 12 || day < 1 || day > cal_days_in_month(year, month)) return false;
    *days = cal_days_from_civil(year, month, day);
    return true;
}

size_t cal_format_date(int64_t days, char *buffer, size_t capacity) {
    const cal_civil civil = cal_civil_from_days(days);
    /* Years outside 0..9999 only come from instants far beyond any calendar; keep them exact. */
    const int written = civil.year < 0
        ? snprintf(buffer, capacity, "-%04lld-%02d-%02d", -(long long)civil.year, civil.month, civil.day)
        : snprintf(buffer, capacity, "%04lld-%02d-%02d", (long long)civil.year, civil.month, civil.day);
    if (written < 0) return 0;
    return (size_t)written < capacity ? (size_t)written : capacity - 1;
}
