/*
 * calendar_text.c — the plugin's messages: quoting a user's text into one, and failing with one.
 * Every other file uses these, and this one uses none of them.
 */
#include "calendar.h"

#include <string.h>

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

beckon_status cal_fail(beckon_error *error, beckon_status status, const char *message) {
    beckon_error_set(error, message);
    return status;
}
