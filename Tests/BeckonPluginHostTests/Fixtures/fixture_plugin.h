/*
 * What the C plugin fixtures share, so that each one keeps only what it tests: the descriptor
 * members and the entry point every fixture writes alike, the parameters of a condition's
 * evaluate function, a bool result, a plain condition, and store functions that do nothing.
 *
 * Written against the 1.0 names only: it is included as "../fixture_plugin.h" and reaches
 * whichever beckon_plugin.h the fixture is built against (-I), so a fixture built against the
 * frozen 1.0 header (Fixtures/v1_0) stays a 1.0 plugin. Static inline: a fixture leaves unused
 * what it does not need, without a warning.
 */
#ifndef BECKON_FIXTURE_PLUGIN_H
#define BECKON_FIXTURE_PLUGIN_H

#include "beckon_plugin.h"

/* The descriptor's size and ABI as the header it is built against says (members of an initializer). */
#define FIXTURE_OF_THIS_HEADER \
    .struct_size = sizeof(beckon_plugin), .abi_major = BECKON_PLUGIN_ABI_MAJOR, .abi_minor = BECKON_PLUGIN_ABI_MINOR

/* The entry point of a fixture whose entry only returns its descriptor. */
#define FIXTURE_ENTRY(descriptor) \
    BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) { \
        (void)host; \
        return &(descriptor); \
    }

/* A descriptor `plugin` of this header's ABI, version 1.0.0, with the conditions of the array
 * `conditions_` and nothing else, and the entry that returns it. */
#define FIXTURE_PLUGIN_WITH_CONDITIONS(name_, conditions_) \
    static const beckon_plugin plugin = { \
        FIXTURE_OF_THIS_HEADER, .name = (name_), .version = "1.0.0", \
        .conditions = (conditions_), .condition_count = sizeof (conditions_) / sizeof (conditions_)[0], \
    }; \
    FIXTURE_ENTRY(plugin)

/* The parameters of a condition's evaluate function, and a statement that marks them all used
 * (a fixture reads only some of them). */
#define FIXTURE_EVALUATE_PARAMETERS \
    void *plugin_state, void *call_state, const beckon_eval *eval, const beckon_value *args, size_t count, \
        beckon_value_sink *result, beckon_error *error
#define FIXTURE_IGNORE_EVALUATE_PARAMETERS \
    (void)plugin_state; (void)call_state; (void)eval; (void)args; (void)count; (void)result; (void)error

/* A condition with a name, a signature and an evaluate function, nothing else. */
#define FIXTURE_CONDITION(name_, signature_, evaluate_) \
    { .struct_size = sizeof(beckon_condition), .name = (name_), .signature = (signature_), .evaluate = (evaluate_) }

/* Puts a bool result. */
static inline beckon_status fixture_put_bool(beckon_value_sink *result, bool boolean) {
    beckon_value value = {.type = BECKON_TYPE_BOOL, .as.boolean = boolean};
    return result->put(result, &value);
}

/* Store functions that succeed and do nothing: every subject is new, every commit is forgotten,
 * every log is empty. */
static inline beckon_status fixture_load_nothing(void *store, beckon_string subject, beckon_item_sink *sink, beckon_error *error) {
    (void)store; (void)subject; (void)sink; (void)error;
    return BECKON_OK;
}

static inline beckon_status fixture_commit_nothing(void *store, const beckon_commit *commit, beckon_error *error) {
    (void)store; (void)commit; (void)error;
    return BECKON_OK;
}

static inline beckon_status fixture_read_log_nothing(void *store, beckon_string subject, beckon_string event, int64_t since,
                                                     beckon_item_sink *sink, beckon_error *error) {
    (void)store; (void)subject; (void)event; (void)since; (void)sink; (void)error;
    return BECKON_OK;
}

#endif
