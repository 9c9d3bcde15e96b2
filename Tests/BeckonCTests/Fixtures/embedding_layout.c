/*
 * Prints the layout of the structs a host fills for beckon.h (each field's offset and size, each
 * struct's size) and the value of every constant, one per line, for the committed snapshot
 * embedding-layout-v1.txt. A field moved, resized or inserted mid-struct changes the output;
 * a minor that appends fields updates the snapshot on purpose (1.1: beckon_request from
 * `transients` on).
 *
 *     cc -std=c11 -I Sources/CBeckon/include -o embedding_layout embedding_layout.c && ./embedding_layout
 */
#include <stdio.h>
#include "beckon.h"

#define FIELD(type, field) \
    printf("%s.%s %zu %zu\n", #type, #field, offsetof(type, field), sizeof(((type *)0)->field))
#define STRUCT(type) printf("sizeof %s %zu\n", #type, sizeof(type))
#define CONSTANT(name) printf("define %s %lld\n", #name, (long long)(name))

int main(void) {
    STRUCT(beckon_sink);
    FIELD(beckon_sink, struct_size);
    FIELD(beckon_sink, context);
    FIELD(beckon_sink, write);

    STRUCT(beckon_field);
    FIELD(beckon_field, struct_size);
    FIELD(beckon_field, name);
    FIELD(beckon_field, value);

    STRUCT(beckon_request);
    FIELD(beckon_request, struct_size);
    FIELD(beckon_request, subject);
    FIELD(beckon_request, now);
    FIELD(beckon_request, app_version);
    FIELD(beckon_request, transients);
    FIELD(beckon_request, transient_count);
    FIELD(beckon_request, testing_show);
    FIELD(beckon_request, testing_show_count);
    FIELD(beckon_request, testing_hide);
    FIELD(beckon_request, testing_hide_count);
    FIELD(beckon_request, flags);

    CONSTANT(BECKON_ABI_MAJOR);
    CONSTANT(BECKON_ABI_MINOR);
    CONSTANT(BECKON_REQUEST_SIZE_1_0);
    CONSTANT(BECKON_REQUEST_SHOW_ALL_TIPS);
    CONSTANT(BECKON_REQUEST_HIDE_ALL_TIPS);
    CONSTANT(BECKON_REQUEST_REPORT_CHANGES);
    CONSTANT(BECKON_STORE_CONFIGURED);
    CONSTANT(BECKON_STORE_MEMORY);
    CONSTANT(BECKON_NOW_CLOCK);
    return 0;
}
