/*
 * What the typed C test hosts share: a check that counts and prints what failed, a string view of
 * a C string, and a sink that keeps the last JSON answer in `answer`. Included by one host each
 * (static definitions, one translation unit per host).
 */
#ifndef BECKON_HOST_CHECKS_H
#define BECKON_HOST_CHECKS_H

#include "beckon.h"

#include <stdio.h>
#include <string.h>

static int checks, failures;

static void check(int condition, const char *what, const char *detail) {
    checks++;
    if (!condition) {
        failures++;
        printf("FAIL: %s %s\n", what, detail);
    }
}

static beckon_string text(const char *value) {
    beckon_string view = {value, strlen(value)};
    return view;
}

static char answer[8192];
static void keep(void *context, const char *json, size_t len) {
    (void)context;
    if (len >= sizeof answer) len = sizeof answer - 1;
    memcpy(answer, json, len);
    answer[len] = '\0';
}

#endif
