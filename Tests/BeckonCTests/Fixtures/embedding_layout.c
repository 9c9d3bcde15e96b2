/*
 * Prints the layout of the structs a host fills for beckon.h (each field's offset and size, each
 * struct's size) and the value of every constant, one per line, for the committed snapshot
 * embedding-layout-v1.txt. A field moved, resized or inserted mid-struct changes the output;
 * a minor that appends fields or constants updates the snapshot on purpose (1.1: beckon_request
 * from `transients` on; 1.2: BECKON_ABI_MINOR only; 1.3: beckon_request from `typed_transients`
 * on, beckon_transient and the BECKON_VALUE_ codes; 1.4: beckon_request's `locale`; 1.5: the
 * BECKON_IMPORT_ flags).
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
    FIELD(beckon_request, typed_transients);
    FIELD(beckon_request, typed_transient_count);
    FIELD(beckon_request, locale);

    STRUCT(beckon_transient);
    FIELD(beckon_transient, struct_size);
    FIELD(beckon_transient, type);
    FIELD(beckon_transient, parameter);
    FIELD(beckon_transient, integer);
    FIELD(beckon_transient, number);
    FIELD(beckon_transient, text);

    STRUCT(beckon_tip_result);
    FIELD(beckon_tip_result, struct_size);
    FIELD(beckon_tip_result, status);
    FIELD(beckon_tip_result, reason_code);
    FIELD(beckon_tip_result, rule_index);
    FIELD(beckon_tip_result, revisit_at);
    FIELD(beckon_tip_result, display_count);
    FIELD(beckon_tip_result, display_duration_ms);

    STRUCT(beckon_group_result);
    FIELD(beckon_group_result, struct_size);
    FIELD(beckon_group_result, current);
    FIELD(beckon_group_result, revisit_at);

    STRUCT(beckon_scenario_result);
    FIELD(beckon_scenario_result, struct_size);
    FIELD(beckon_scenario_result, runs);
    FIELD(beckon_scenario_result, failed_checks);
    FIELD(beckon_scenario_result, events);
    FIELD(beckon_scenario_result, executions);
    FIELD(beckon_scenario_result, revisit_at);

    CONSTANT(BECKON_ABI_MAJOR);
    CONSTANT(BECKON_ABI_MINOR);
    CONSTANT(BECKON_REQUEST_SIZE_1_0);
    CONSTANT(BECKON_REQUEST_SHOW_ALL_TIPS);
    CONSTANT(BECKON_REQUEST_HIDE_ALL_TIPS);
    CONSTANT(BECKON_REQUEST_REPORT_CHANGES);
    CONSTANT(BECKON_STORE_CONFIGURED);
    CONSTANT(BECKON_STORE_MEMORY);
    CONSTANT(BECKON_NOW_CLOCK);
    CONSTANT(BECKON_TIP_PENDING);
    CONSTANT(BECKON_TIP_AVAILABLE);
    CONSTANT(BECKON_TIP_INVALIDATED);
    CONSTANT(BECKON_REASON_AVAILABLE);
    CONSTANT(BECKON_REASON_TESTING_SHOW);
    CONSTANT(BECKON_REASON_TESTING_HIDE);
    CONSTANT(BECKON_REASON_ACTION_PERFORMED);
    CONSTANT(BECKON_REASON_TIP_CLOSED);
    CONSTANT(BECKON_REASON_DISPLAY_COUNT_EXCEEDED);
    CONSTANT(BECKON_REASON_DISPLAY_DURATION_EXCEEDED);
    CONSTANT(BECKON_REASON_RULE);
    CONSTANT(BECKON_REASON_RULE_ERROR);
    CONSTANT(BECKON_REASON_DISPLAY_FREQUENCY);
    CONSTANT(BECKON_REASON_GROUP);
    CONSTANT(BECKON_REASON_CYCLE);
    CONSTANT(BECKON_REVISIT_NEVER);
    CONSTANT(BECKON_VALUE_NULL);
    CONSTANT(BECKON_VALUE_BOOL);
    CONSTANT(BECKON_VALUE_INT);
    CONSTANT(BECKON_VALUE_DOUBLE);
    CONSTANT(BECKON_VALUE_STRING);
    CONSTANT(BECKON_VALUE_DURATION);
    CONSTANT(BECKON_VALUE_TIMESTAMP);
    CONSTANT(BECKON_VALUE_VERSION);
    CONSTANT(BECKON_VALUE_TEXT);
    CONSTANT(BECKON_IMPORT_REPLACE);
    CONSTANT(BECKON_IMPORT_SKIP_BAD);
    return 0;
}
