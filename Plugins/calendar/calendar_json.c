/*
 * calendar_json.c — a small JSON reader for the plugin's config.
 *
 * The host hands us canonical JSON, but the plugin must never crash on anything: every read
 * is bounds-checked against `len`, nesting is capped (CAL_JSON_MAX_DEPTH) so recursion cannot
 * exhaust the stack, the number of values is capped so a hostile text cannot make us allocate
 * without bound, and strings are checked to be UTF-8 so that they can be quoted in messages.
 */
#include "calendar.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** At most this many values in one config (a holiday list of decades fits many times over). */
#define CAL_JSON_MAX_VALUES 100000u

typedef struct parser {
    const char *text;
    size_t len;
    size_t pos;
    size_t values;
    char *message;
    size_t capacity;
} parser;

static bool fail(parser *p, const char *format, ...) {
    char detail[200];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(detail, sizeof detail, format, arguments);
    va_end(arguments);
    snprintf(p->message, p->capacity, "the config is not valid JSON: %s at byte %zu", detail, p->pos);
    return false;
}

static void skip_space(parser *p) {
    while (p->pos < p->len) {
        const char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        p->pos++;
    }
}

static bool parse_value(parser *p, cal_json *value, int depth);

/** Length of the UTF-8 sequence at `s` (at most `available` bytes), or 0 when it is not valid. */
static size_t utf8_sequence(const unsigned char *s, size_t available) {
    const unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t length;
    uint32_t low = 0x80, high = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) length = 2;
    else if (c == 0xE0) { length = 3; low = 0xA0; }
    else if (c == 0xED) { length = 3; high = 0x9F; } /* no UTF-16 surrogates */
    else if (c >= 0xE1 && c <= 0xEF) length = 3;
    else if (c == 0xF0) { length = 4; low = 0x90; }
    else if (c >= 0xF1 && c <= 0xF3) length = 4;
    else if (c == 0xF4) { length = 4; high = 0x8F; } /* nothing past U+10FFFF */
    else return 0;
    if (available < length) return 0;
    if (s[1] < low || s[1] > high) return 0;
    for (size_t i = 2; i < length; i++) {
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    }
    return length;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool read_hex4(parser *p, size_t at, uint32_t *unit) {
    if (at > p->len || p->len - at < 4) return false;
    uint32_t result = 0;
    for (size_t i = 0; i < 4; i++) {
        const int digit = hex_digit(p->text[at + i]);
        if (digit < 0) return false;
        result = result * 16 + (uint32_t)digit;
    }
    *unit = result;
    return true;
}

static size_t put_utf8(char *out, uint32_t code) {
    if (code < 0x80) {
        out[0] = (char)code;
        return 1;
    }
    if (code < 0x800) {
        out[0] = (char)(0xC0 | (code >> 6));
        out[1] = (char)(0x80 | (code & 0x3F));
        return 2;
    }
    if (code < 0x10000) {
        out[0] = (char)(0xE0 | (code >> 12));
        out[1] = (char)(0x80 | ((code >> 6) & 0x3F));
        out[2] = (char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (code >> 18));
    out[1] = (char)(0x80 | ((code >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((code >> 6) & 0x3F));
    out[3] = (char)(0x80 | (code & 0x3F));
    return 4;
}

/**
 * Reads a string starting at its opening quote into a fresh NUL-terminated buffer. The decoded
 * text is never longer than the source between the quotes, which sizes the buffer up front.
 */
static bool parse_string(parser *p, char **out, size_t *out_len) {
    const size_t start = ++p->pos; /* past the opening quote */
    size_t end = start;
    while (end < p->len && p->text[end] != '"') {
        end += (p->text[end] == '\\') ? 2 : 1;
    }
    if (end >= p->len) return fail(p, "a string is not closed");

    char *buffer = malloc(end - start + 1);
    if (buffer == NULL) return fail(p, "out of memory");
    size_t length = 0;
    while (p->pos < end) {
        const unsigned char c = (unsigned char)p->text[p->pos];
        if (c < 0x20) {
            free(buffer);
            return fail(p, "a control character must be escaped in a string");
        }
        if (c != '\\') {
            const size_t sequence = utf8_sequence((const unsigned char *)p->text + p->pos, end - p->pos);
            if (sequence == 0) {
                free(buffer);
                return fail(p, "a string is not valid UTF-8");
            }
            memcpy(buffer + length, p->text + p->pos, sequence);
            length += sequence;
            p->pos += sequence;
            continue;
        }
        const char escape = p->text[p->pos + 1]; /* in bounds: the scan above stopped at `end` */
        p->pos += 2;
        switch (escape) {
        case '"': buffer[length++] = '"'; break;
        case '\\': buffer[length++] = '\\'; break;
        case '/': buffer[length++] = '/'; break;
        case 'b': buffer[length++] = '\b'; break;
        case 'f': buffer[length++] = '\f'; break;
        case 'n': buffer[length++] = '\n'; break;
        case 'r': buffer[length++] = '\r'; break;
        case 't': buffer[length++] = '\t'; break;
        case 'u': {
            uint32_t code, low;
            if (!read_hex4(p, p->pos, &code) || p->pos + 4 > end) goto bad_escape;
            p->pos += 4;
            if (code >= 0xDC00 && code <= 0xDFFF) goto bad_escape;
            if (code >= 0xD800 && code <= 0xDBFF) {
                /* A high surrogate must be followed by \u and a low surrogate. */
                if (p->pos + 6 > end || p->text[p->pos] != '\\' || p->text[p->pos + 1] != 'u') goto bad_escape;
                if (!read_hex4(p, p->pos + 2, &low) || low < 0xDC00 || low > 0xDFFF) goto bad_escape;
                p->pos += 6;
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            }
            length += put_utf8(buffer + length, code);
            break;
        }
        default:
        bad_escape:
            free(buffer);
            return fail(p, "a string has an invalid escape");
        }
    }
    p->pos = end + 1;
    buffer[length] = '\0';
    *out = buffer;
    *out_len = length;
    return true;
}

static bool is_digit(parser *p) {
    return p->pos < p->len && p->text[p->pos] >= '0' && p->text[p->pos] <= '9';
}

static bool parse_number(parser *p, cal_json *value) {
    const size_t start = p->pos;
    bool negative = false, integer = true, in_range = true;
    uint64_t magnitude = 0;
    if (p->text[p->pos] == '-') {
        negative = true;
        p->pos++;
    }
    if (!is_digit(p)) return fail(p, "a number has no digits");
    if (p->text[p->pos] == '0') {
        p->pos++;
        if (is_digit(p)) return fail(p, "a number has a leading zero");
    } else {
        while (is_digit(p)) {
            const uint64_t digit = (uint64_t)(p->text[p->pos] - '0');
            if (magnitude > (UINT64_MAX - digit) / 10) in_range = false;
            else magnitude = magnitude * 10 + digit;
            p->pos++;
        }
    }
    if (p->pos < p->len && p->text[p->pos] == '.') {
        integer = false;
        p->pos++;
        if (!is_digit(p)) return fail(p, "a number has no digits after '.'");
        while (is_digit(p)) p->pos++;
    }
    if (p->pos < p->len && (p->text[p->pos] == 'e' || p->text[p->pos] == 'E')) {
        integer = false;
        p->pos++;
        if (p->pos < p->len && (p->text[p->pos] == '+' || p->text[p->pos] == '-')) p->pos++;
        if (!is_digit(p)) return fail(p, "a number has no digits in its exponent");
        while (is_digit(p)) p->pos++;
    }
    if (in_range && magnitude > (negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) in_range = false;

    const size_t length = p->pos - start;
    char *text = malloc(length + 1);
    if (text == NULL) return fail(p, "out of memory");
    memcpy(text, p->text + start, length);
    text[length] = '\0';
    value->type = CAL_JSON_NUMBER;
    value->text = text;
    value->text_len = length;
    value->is_integer = integer && in_range;
    if (value->is_integer) {
        value->integer = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
    }
    return true;
}

static bool parse_literal(parser *p, const char *word, cal_json *value, cal_json_type type, bool boolean) {
    const size_t length = strlen(word);
    if (p->len - p->pos < length || memcmp(p->text + p->pos, word, length) != 0) {
        return fail(p, "expected '%s'", word);
    }
    p->pos += length;
    value->type = type;
    value->boolean = boolean;
    return true;
}

/* Steps over the opening character of an array or object (at `p->pos`) and the spaces after it;
 * true, past `close` too, when the container is empty. */
static bool opens_empty(parser *p, char close) {
    p->pos++;
    skip_space(p);
    if (p->pos < p->len && p->text[p->pos] == close) {
        p->pos++;
        return true;
    }
    return false;
}

/* `elements` (`count` of `size` bytes, room for `*capacity`) with room for one more: grown to
 * `first`, then doubled, when full; NULL (failed, `elements` left as it was) when out of memory. */
static void *make_room(parser *p, void *elements, size_t count, size_t *capacity, size_t first, size_t size) {
    if (count < *capacity) return elements;
    const size_t wanted = *capacity == 0 ? first : *capacity * 2;
    void *grown = realloc(elements, wanted * size);
    if (grown == NULL) {
        fail(p, "out of memory");
        return NULL;
    }
    *capacity = wanted;
    return grown;
}

/* What follows an element of an array or object: 1 at `close` (the container ends), 0 at ','
 * (another element follows), -1 (failed) at anything else or at the end of the text. */
static int after_element(parser *p, char close, const char *container) {
    skip_space(p);
    if (p->pos >= p->len) {
        fail(p, "an %s is not closed", container);
        return -1;
    }
    const char c = p->text[p->pos++];
    if (c == close) return 1;
    if (c == ',') return 0;
    p->pos--;
    fail(p, "expected ',' or '%c' in an %s", close, container);
    return -1;
}

static bool parse_array(parser *p, cal_json *value, int depth) {
    value->type = CAL_JSON_ARRAY;
    if (opens_empty(p, ']')) return true;
    size_t capacity = 0;
    for (;;) {
        cal_json *items = make_room(p, value->items, value->count, &capacity, 8, sizeof *items);
        if (items == NULL) {
            cal_json_free(value);
            return false;
        }
        value->items = items;
        cal_json *item = &value->items[value->count];
        memset(item, 0, sizeof *item);
        if (!parse_value(p, item, depth + 1)) {
            cal_json_free(value);
            return false;
        }
        value->count++;
        const int after = after_element(p, ']', "array");
        if (after < 0) cal_json_free(value);
        if (after != 0) return after > 0;
    }
}

static bool parse_object(parser *p, cal_json *value, int depth) {
    value->type = CAL_JSON_OBJECT;
    if (opens_empty(p, '}')) return true;
    size_t capacity = 0;
    for (;;) {
        skip_space(p);
        if (p->pos >= p->len || p->text[p->pos] != '"') {
            cal_json_free(value);
            return fail(p, "expected a key in quotes");
        }
        cal_json_member *members = make_room(p, value->members, value->count, &capacity, 4, sizeof *members);
        if (members == NULL) {
            cal_json_free(value);
            return false;
        }
        value->members = members;
        cal_json_member *member = &value->members[value->count];
        memset(member, 0, sizeof *member);
        if (!parse_string(p, &member->key, &member->key_len)) {
            cal_json_free(value);
            return false;
        }
        value->count++; /* counted now so that a failure below frees the key */
        skip_space(p);
        if (p->pos >= p->len || p->text[p->pos] != ':') {
            cal_json_free(value);
            return fail(p, "expected ':' after a key");
        }
        p->pos++;
        if (!parse_value(p, &member->value, depth + 1)) {
            cal_json_free(value);
            return false;
        }
        const int after = after_element(p, '}', "object");
        if (after < 0) cal_json_free(value);
        if (after != 0) return after > 0;
    }
}

/** Parses one value into `value` (zeroed by the caller); on failure leaves nothing to free. */
static bool parse_value(parser *p, cal_json *value, int depth) {
    if (depth > CAL_JSON_MAX_DEPTH) return fail(p, "values are nested more than %d deep", CAL_JSON_MAX_DEPTH);
    if (++p->values > CAL_JSON_MAX_VALUES) return fail(p, "more than %u values", CAL_JSON_MAX_VALUES);
    skip_space(p);
    if (p->pos >= p->len) return fail(p, "the text ends where a value was expected");
    const char c = p->text[p->pos];
    switch (c) {
    case '{': return parse_object(p, value, depth);
    case '[': return parse_array(p, value, depth);
    case '"':
        value->type = CAL_JSON_STRING;
        if (parse_string(p, &value->text, &value->text_len)) return true;
        value->type = CAL_JSON_NULL;
        return false;
    case 't': return parse_literal(p, "true", value, CAL_JSON_BOOL, true);
    case 'f': return parse_literal(p, "false", value, CAL_JSON_BOOL, false);
    case 'n': return parse_literal(p, "null", value, CAL_JSON_NULL, false);
    default:
        if (c == '-' || (c >= '0' && c <= '9')) return parse_number(p, value);
        if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7F) return fail(p, "unexpected character '%c'", c);
        return fail(p, "unexpected byte 0x%02X", (unsigned)(unsigned char)c);
    }
}

bool cal_json_parse(const char *text, size_t len, cal_json *root, char *message, size_t capacity) {
    memset(root, 0, sizeof *root);
    parser p = {.text = text, .len = len, .pos = 0, .values = 0, .message = message, .capacity = capacity};
    if (text == NULL && len > 0) return fail(&p, "no text");
    if (len > CAL_JSON_MAX_BYTES) return fail(&p, "the text is longer than %u bytes", CAL_JSON_MAX_BYTES);
    if (!parse_value(&p, root, 0)) {
        memset(root, 0, sizeof *root);
        return false;
    }
    skip_space(&p);
    if (p.pos != p.len) {
        cal_json_free(root);
        return fail(&p, "unexpected text after the value");
    }
    return true;
}

void cal_json_free(cal_json *value) {
    if (value == NULL) return;
    for (size_t i = 0; value->items != NULL && i < value->count; i++) cal_json_free(&value->items[i]);
    for (size_t i = 0; value->members != NULL && i < value->count; i++) {
        free(value->members[i].key);
        cal_json_free(&value->members[i].value);
    }
    free(value->items);
    free(value->members);
    free(value->text);
    memset(value, 0, sizeof *value);
}

const char *cal_json_type_name(cal_json_type type) {
    switch (type) {
    case CAL_JSON_NULL: return "null";
    case CAL_JSON_BOOL: return "a boolean";
    case CAL_JSON_NUMBER: return "a number";
    case CAL_JSON_STRING: return "a string";
    case CAL_JSON_ARRAY: return "a list";
    case CAL_JSON_OBJECT: return "a mapping";
    }
    return "a value";
}
