/*
 * What the suite's C hosts share (plain cc, beckon.h): a sink that keeps the last JSON answer,
 * a string view, and a request for a subject at an instant.
 */
#ifndef BECKON_PG_HOST_SUPPORT_H
#define BECKON_PG_HOST_SUPPORT_H

#include "beckon.h"

#include <string.h>

/* A sink's buffer: the last JSON answer, NUL-terminated (cut to fit). */
typedef struct answer {
    char json[8192];
} answer;

static void keep(void *context, const char *json, size_t len) {
    answer *kept = context;
    if (len >= sizeof kept->json) len = sizeof kept->json - 1;
    memcpy(kept->json, json, len);
    kept->json[len] = '\0';
}

static beckon_string text(const char *value) {
    beckon_string view = {value, strlen(value)};
    return view;
}

static beckon_request request_for(const char *who, int64_t now) {
    beckon_request request = {0};
    request.struct_size = sizeof request;
    request.subject = text(who);
    request.now = now;
    return request;
}

#endif
