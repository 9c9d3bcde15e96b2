/*
 * A C host of typed transient parameters (ABI 1.3), built with plain cc: resolves parameters into
 * handles (beckon_resolve_parameter), decides tips with typed transients (beckon_tip_check,
 * beckon_tip_check_status, and beckon_tip_status, the JSON call) and compares each answer with
 * the JSON answer of the same values passed as text (1.1's `transients`), for a subject stored and
 * one never stored; then every refusal (unissued handle, stored parameter, wrong type, bad bool,
 * NaN, small struct, unknown type code, a parameter given twice, NULL array). Prints one line per
 * failed check and a summary; exit 0 when all held.
 */
#include "host_support.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *configuration =
    "version: 1\n"
    "parameters:\n"
    "  online: {type: bool, transient: true, default: false}\n"
    "  battery: {type: int, transient: true, default: 100}\n"
    "  plan: {type: string, transient: true, default: free}\n"
    "  ratio: {type: double, transient: true, default: 0.5}\n"
    "  app: {type: version, transient: true, default: 1.0.0}\n"
    "  n: {type: int, default: 0}\n"
    "tips:\n"
    "  offline: {title: Offline, rules: [\"!params.online\"]}\n"
    "  charge: {title: Charge, rules: [\"params.battery < 20 || params.n > 2\"]}\n"
    "  upgrade: {title: Upgrade, rules: [\"params.plan == 'free' && params.online\"]}\n"
    "  dim: {title: Dim, rules: [\"params.ratio > 0.25\"]}\n"
    "  fresh: {title: Fresh, rules: [\"params.app >= v'2.0.0'\"]}\n";

static const char *tips[] = {"offline", "charge", "upgrade", "dim", "fresh"};

static beckon_engine *engine;
static beckon_error error = {.struct_size = sizeof error};
static answer kept;
static beckon_sink sink = {sizeof sink, &kept, keep};
static beckon_handle online, battery, plan, ratio, app, stored;

static beckon_transient value(beckon_handle parameter, uint32_t type, int64_t integer, double number, const char *string) {
    beckon_transient made = {sizeof made, type, parameter, integer, number, text(string ? string : "")};
    return made;
}

/* One set of values, typed and as text. */
typedef struct {
    beckon_transient typed[5];
    size_t count;
    beckon_field fields[5];
} values;

static values make_values(int index) {
    values made = {.count = 0};
    const int bit = index;
    if (bit & 1) {
        made.typed[made.count] = value(online, BECKON_VALUE_BOOL, (bit & 2) ? 1 : 0, 0, NULL);
        made.fields[made.count++] = (beckon_field){sizeof(beckon_field), text("online"), text((bit & 2) ? "true" : "false")};
    }
    if (bit & 4) {
        made.typed[made.count] = value(battery, BECKON_VALUE_INT, (bit & 8) ? 12 : 80, 0, NULL);
        made.fields[made.count++] = (beckon_field){sizeof(beckon_field), text("battery"), text((bit & 8) ? "12" : "80")};
    }
    if (bit & 16) {
        made.typed[made.count] = value(plan, BECKON_VALUE_STRING, 0, 0, (bit & 2) ? "pro" : "free");
        made.fields[made.count++] = (beckon_field){sizeof(beckon_field), text("plan"), text((bit & 2) ? "pro" : "free")};
    }
    if (bit & 32) {
        made.typed[made.count] = value(ratio, BECKON_VALUE_DOUBLE, 0, (bit & 8) ? 0.1 : 0.9, NULL);
        made.fields[made.count++] = (beckon_field){sizeof(beckon_field), text("ratio"), text((bit & 8) ? "0.1" : "0.9")};
    }
    if (bit & 64) {
        made.typed[made.count] = value(app, BECKON_VALUE_VERSION, 0, 0, (bit & 4) ? "2.1.0" : "1.2.0");
        made.fields[made.count++] = (beckon_field){sizeof(beckon_field), text("app"), text((bit & 4) ? "2.1.0" : "1.2.0")};
    }
    return made;
}

static void compare(const char *subject, int index) {
    values given = make_values(index);
    beckon_request typed = {.struct_size = sizeof typed, .subject = text(subject), .now = 1772445600000,
                            .typed_transients = given.typed, .typed_transient_count = given.count};
    beckon_request as_text = {.struct_size = sizeof as_text, .subject = text(subject), .now = 1772445600000,
                              .transients = given.fields, .transient_count = given.count};
    char detail[256];
    for (int t = 0; t < 5; t++) {
        beckon_handle tip;
        beckon_resolve_tip(engine, text(tips[t]), &tip, &error);
        snprintf(detail, sizeof detail, "%s for %s, values %d", tips[t], subject, index);
        check(beckon_tip_status(engine, &as_text, text(tips[t]), &sink, &error) == BECKON_OK, "text tip_status", error.message);
        char expected[8192];
        memcpy(expected, kept.json, sizeof expected);
        check(beckon_tip_status(engine, &typed, text(tips[t]), &sink, &error) == BECKON_OK, "typed tip_status", error.message);
        check(strcmp(kept.json, expected) == 0, "typed JSON answer equals the text one", detail);
        beckon_tip_result result = {.struct_size = sizeof result};
        check(beckon_tip_check(engine, &typed, tip, &result, &error) == BECKON_OK, "tip_check", error.message);
        const char *statuses[] = {"\"status\":\"pending\"", "\"status\":\"available\"", "\"status\":\"invalidated\""};
        check(result.status >= 0 && result.status <= 2 && strstr(expected, statuses[result.status]) != NULL, "tip_check status", detail);
        check(beckon_tip_check_status(engine, &typed, tip) == result.status, "tip_check_status", detail);
    }
}

/* A request with `count` typed values from `given` is refused with `status` and a message holding `words`. */
static void refused(const beckon_transient *given, size_t count, beckon_status status, const char *words) {
    beckon_handle tip;
    beckon_resolve_tip(engine, text("offline"), &tip, &error);
    beckon_request request = {.struct_size = sizeof request, .subject = text("ada"), .now = 1772445600000,
                              .typed_transients = given, .typed_transient_count = count};
    beckon_tip_result result = {.struct_size = sizeof result, .status = 77};
    error.message[0] = '\0';
    check(beckon_tip_check(engine, &request, tip, &result, &error) == status, "refused tip_check status", words);
    check(strstr(error.message, words) != NULL, "refusal message", error.message);
    check(result.status == 77, "nothing written on a refusal", words);
    check(beckon_tip_check_status(engine, &request, tip) == -status, "refused tip_check_status", words);
    kept.json[0] = '\0';
    check(beckon_tip_status(engine, &request, text("offline"), &sink, &error) == status && kept.json[0] == '\0', "refused tip_status", words);
}

int main(void) {
    if (beckon_open_text(text(configuration), text("typed-transients.yaml"), BECKON_STORE_MEMORY, &engine, &sink, &error) != BECKON_OK) {
        printf("open failed: %s\n", error.message);
        return 2;
    }
    check(beckon_abi_version() >= (1u << 16 | 3), "abi version", "1.3");
    struct { const char *name; beckon_handle *handle; } named[] = {
        {"online", &online}, {"battery", &battery}, {"plan", &plan}, {"ratio", &ratio}, {"app", &app}, {"n", &stored}};
    for (int i = 0; i < 6; i++) {
        check(beckon_resolve_parameter(engine, text(named[i].name), named[i].handle, &error) == BECKON_OK && *named[i].handle != 0,
              "resolve_parameter", named[i].name);
    }
    beckon_handle again = 0;
    check(beckon_resolve_parameter(engine, text("battery"), &again, &error) == BECKON_OK && again == battery, "same handle again", "battery");
    check(beckon_resolve_parameter(engine, text("onlin"), &again, &error) == BECKON_NOT_FOUND && strstr(error.message, "did you mean 'online'"),
          "undeclared parameter", error.message);

    beckon_request at_now = {.struct_size = sizeof at_now, .subject = text("stored"), .now = 1772445600000};
    check(beckon_parameter_set(engine, &at_now, text("n"), text("3"), NULL, &error) == BECKON_OK, "param set", error.message);
    for (int index = 0; index < 128; index++) {
        compare("stored", index);
        compare("never-stored", index);
    }

    beckon_transient cases[][2] = {
        {value(0, BECKON_VALUE_BOOL, 1, 0, NULL)},
        {value(999, BECKON_VALUE_BOOL, 1, 0, NULL)},
        {value(stored, BECKON_VALUE_INT, 1, 0, NULL)},
        {value(online, BECKON_VALUE_BOOL, 2, 0, NULL)},
        {value(online, BECKON_VALUE_INT, 1, 0, NULL)},
        {value(ratio, BECKON_VALUE_DOUBLE, 0, NAN, NULL)},
        {value(online, 99, 0, 0, NULL)},
        {value(online, BECKON_VALUE_TEXT, 0, 0, "maybe")},
        {value(app, BECKON_VALUE_VERSION, 0, 0, "two")},
        {value(online, BECKON_VALUE_BOOL, 1, 0, NULL), value(online, BECKON_VALUE_BOOL, 0, 0, NULL)},
    };
    const char *words[] = {"never issued", "never issued", "stored, not transient", "a bool is 0 or 1", "is bool, not int",
                           "a double is finite", "not a BECKON_VALUE_", "transient parameter 'online' is bool",
                           "request.typed_transients[0]", "given twice"};
    for (int i = 0; i < 10; i++) refused(cases[i], i == 9 ? 2 : 1, BECKON_INVALID_ARGUMENT, words[i]);
    beckon_transient small = value(online, BECKON_VALUE_BOOL, 1, 0, NULL);
    small.struct_size = 8;
    refused(&small, 1, BECKON_INVALID_ARGUMENT, "struct_size is 8");
    refused(NULL, 1, BECKON_INVALID_ARGUMENT, "request.typed_transients is NULL");

    /* The same parameter as text and typed is given twice; BECKON_VALUE_NULL is the default; TEXT reads any type. */
    beckon_transient yes = value(online, BECKON_VALUE_BOOL, 1, 0, NULL);
    beckon_field as_text = {sizeof as_text, text("online"), text("true")};
    beckon_request both = {.struct_size = sizeof both, .subject = text("ada"), .now = 1772445600000, .transients = &as_text,
                           .transient_count = 1, .typed_transients = &yes, .typed_transient_count = 1};
    check(beckon_tip_status(engine, &both, text("offline"), &sink, &error) == BECKON_INVALID_ARGUMENT && strstr(error.message, "given twice"),
          "text and typed given twice", error.message);
    beckon_handle offline;
    beckon_resolve_tip(engine, text("offline"), &offline, &error);
    beckon_transient none = value(online, BECKON_VALUE_NULL, 0, 0, NULL), spelled = value(online, BECKON_VALUE_TEXT, 0, 0, "true");
    beckon_request with_null = {.struct_size = sizeof with_null, .subject = text("ada"), .now = 1772445600000,
                                .typed_transients = &none, .typed_transient_count = 1};
    check(beckon_tip_check_status(engine, &with_null, offline) == BECKON_TIP_AVAILABLE, "null is the default", "offline");
    with_null.typed_transients = &spelled;
    check(beckon_tip_check_status(engine, &with_null, offline) == BECKON_TIP_PENDING, "text read as declared", "offline");

    beckon_close(engine);
    printf("typed transients host: %d checks, %d failing\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
