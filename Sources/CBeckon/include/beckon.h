/*
 * beckon.h — the Beckon embedding API, version 1.5: the engine behind a C ABI (libbeckon.so).
 *
 * A host in C, C++, Python (ctypes), Go (cgo) or Rust opens an engine from a configuration (a
 * file or YAML text, with its plugins and its store), asks it what to show a subject at an
 * instant, records what happened, and closes it. Every answer comes back as one JSON object
 * through a sink the host provides; the JSON shapes are those of `beckon ... --json`. Hosts that
 * decide often use the typed path instead (ABI 1.1, at the end of this header): ids resolved once
 * into handles, answers as codes in structs the host provides, no JSON.
 *
 *     cc -std=c11 -I PATH/TO/HEADER host.c -L PATH/TO/LIB -lbeckon -o host
 *
 * CONVENTIONS (the same as beckon_plugin.h, whose shared types this header repeats verbatim)
 *
 * - Versions: BECKON_ABI_MAJOR / BECKON_ABI_MINOR; beckon_abi_version() tells the library's.
 *   Minors only add functions and fields at the end of structs.
 * - Structs the host fills start with `uint32_t struct_size` = sizeof(the struct it was compiled
 *   with); the library reads only the fields that size covers. A request, a field or a sink whose
 *   struct_size is smaller than its ABI 1.0 size is refused with BECKON_INVALID_ARGUMENT and a
 *   message naming it ("result.struct_size is 4; ABI 1.0 needs 24"); nothing of the call runs.
 * - Strings are UTF-8 views `(ptr, len)` borrowed for the duration of the call. Results are
 *   written to the host's sink; the sink must copy what it keeps before returning. Nothing
 *   allocated by the library is freed by the host, or the reverse; the engine handle is released
 *   with beckon_close.
 * - Sinks: a call writes at most one JSON document to a sink, on the caller's thread, before it
 *   returns. By then the call's work is done (an operation's record is committed) and the library
 *   holds no lock, so the sink may call any function of this library, on the same engine or
 *   another, except beckon_close of the engine it is writing for. A NULL sink, or one whose
 *   `write` is NULL, means "no answer wanted": the call runs and no JSON is built.
 * - Errors: every fallible call returns a beckon_status and fills the caller's beckon_error (when
 *   not NULL) with a message. The library never aborts the host process for bad input: a bad
 *   configuration, an unknown id, a wrong type, an unavailable store are statuses. A message
 *   longer than the buffer is cut before the first character that does not fit whole, so it stays
 *   UTF-8. A beckon_error whose struct_size is smaller than ABI 1.0's sizeof(beckon_error) (a host
 *   that zeroed it and forgot struct_size) is treated as NULL: nothing is written into it, and the
 *   status alone tells what happened.
 * - Statuses: each function below lists the statuses it returns. BECKON_TIMEOUT and
 *   BECKON_UNSUPPORTED are never returned by this library (they are the plugin ABI's: a plugin
 *   store that times out reaches the host as BECKON_UNAVAILABLE); they stay reserved. BECKON_INTERNAL
 *   means a bug in the library (report it): no bad input or failing resource gives it.
 * - Threads: every function may be called concurrently from any number of threads on one engine;
 *   each operation on a subject is atomic (SEMANTICS §9), across threads and processes sharing a
 *   store. The one exception is beckon_close, which must not race other calls on that engine.
 * - After beckon_close the handle dangles, like a pointer after free(): any use of it is
 *   undefined. Set it to NULL; a NULL engine is refused with BECKON_INVALID_ARGUMENT.
 * - Time: every request carries its instant (`now`, Unix ms), or BECKON_NOW_CLOCK for the
 *   engine's clock (beckon_set_clock; the wall clock until set).
 */
#ifndef BECKON_H
#define BECKON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI of this header. */
#define BECKON_ABI_MAJOR 1
#define BECKON_ABI_MINOR 5

/* ---------------------------------------------------------------------------------------------
 * Statuses, errors and strings (shared with beckon_plugin.h)
 * ------------------------------------------------------------------------------------------- */

#ifndef BECKON_SHARED_TYPES_V1
#define BECKON_SHARED_TYPES_V1 /* also defined, identically, by beckon.h */

/** The result of every fallible call. Unknown values are treated as BECKON_INTERNAL. */
typedef int32_t beckon_status;
#define BECKON_OK 0               /**< Success. */
#define BECKON_INVALID_ARGUMENT 1 /**< The input is wrong (bad config, bad argument value). */
#define BECKON_NOT_FOUND 2        /**< A named thing does not exist (parameter, event, key). */
#define BECKON_CONFLICT 3         /**< Compare-and-set lost: someone else wrote first. */
#define BECKON_UNAVAILABLE 4      /**< A resource is down, locked, full, unreachable. */
#define BECKON_TIMEOUT 5          /**< It took too long. */
#define BECKON_UNSUPPORTED 6      /**< The operation is not offered by this plugin. */
#define BECKON_INTERNAL 7         /**< A bug or an unexpected state. */

/** Room for a message, including its NUL. Longer messages are cut (at a UTF-8 boundary). */
#define BECKON_ERROR_MESSAGE_CAPACITY 512
/** Room for a JSON pointer, including its NUL. */
#define BECKON_ERROR_POINTER_CAPACITY 256

/**
 * What went wrong, filled by the callee when it returns a status other than BECKON_OK.
 * The caller owns it (usually on its stack), zeroes it and sets struct_size; the callee writes
 * NUL-terminated UTF-8 into the arrays, never more than their capacity. Use beckon_error_set.
 */
typedef struct beckon_error {
    uint32_t struct_size;
    /** A sentence for a person: what failed and why ("time zone 'Mars/Base' is unknown"). */
    char message[BECKON_ERROR_MESSAGE_CAPACITY];
    /**
     * Optional: an RFC 6901 JSON pointer to what the message is about. From a plugin's
     * validate_config, into its config ("/holidays/2"): the host shows the message at that YAML
     * line and column; empty means the config as a whole. From a plugin's bind (ABI 1.1), into
     * the call's arguments ("/0" is the first): the host underlines that argument; empty means
     * the whole call. Elsewhere unused.
     */
    char json_pointer[BECKON_ERROR_POINTER_CAPACITY];
} beckon_error;

/** Copies a NUL-terminated message into `error`, cut to fit on a UTF-8 boundary. NULL-safe. */
static inline void beckon_error_set(beckon_error *error, const char *message) {
    if (error == NULL || message == NULL) return;
    size_t length = 0;
    while (message[length] != '\0' && length < BECKON_ERROR_MESSAGE_CAPACITY - 1) length++;
    while (length > 0 && message[length] != '\0' && ((unsigned char)message[length] & 0xC0) == 0x80) length--;
    for (size_t i = 0; i < length; i++) error->message[i] = message[i];
    error->message[length] = '\0';
}

/** Copies a NUL-terminated JSON pointer into `error` (validate_config, bind). NULL-safe; cut to fit. */
static inline void beckon_error_set_pointer(beckon_error *error, const char *pointer) {
    if (error == NULL || pointer == NULL) return;
    size_t length = 0;
    while (pointer[length] != '\0' && length < BECKON_ERROR_POINTER_CAPACITY - 1) length++;
    for (size_t i = 0; i < length; i++) error->json_pointer[i] = pointer[i];
    error->json_pointer[length] = '\0';
}

/** A borrowed UTF-8 string: `len` bytes at `ptr` (ptr may be NULL when len is 0). Frozen. */
typedef struct beckon_string {
    const char *ptr;
    size_t len;
} beckon_string;

#endif /* BECKON_SHARED_TYPES_V1 */

/* ---------------------------------------------------------------------------------------------
 * The engine, sinks and requests
 * ------------------------------------------------------------------------------------------- */

/** An open engine: opaque; from beckon_open_path or beckon_open_text, released by beckon_close. */
typedef struct beckon_engine beckon_engine;

/**
 * Where a result goes: `write` is called once per result with one JSON document (UTF-8, not
 * NUL-terminated, borrowed for the call: copy it), on the calling thread, before the call returns.
 * `context` is the host's, passed back as is. See "Sinks" above for NULL and for calls back into
 * the engine.
 */
typedef struct beckon_sink {
    uint32_t struct_size;
    void *context;
    void (*write)(void *context, const char *json, size_t len);
} beckon_sink;

/** `now` meaning "the engine's clock". */
#define BECKON_NOW_CLOCK INT64_MIN

/** One info field of a donation, or one transient parameter of a request: its name and its value written as on the command line. */
typedef struct beckon_field {
    uint32_t struct_size;
    beckon_string name;
    /** The value as text, parsed by the field's declared type: `true`, `42`, `0.5`, `Eiffel`, `7d`, `2.1.0`, `a,b`. */
    beckon_string value;
} beckon_field;

/** A resolved tip, group, scenario (1.1) or parameter (1.3) id (see the typed path below); 0 is never a handle. */
typedef uint32_t beckon_handle;

/** beckon_transient.type (ABI 1.3): which member holds the value (the codes of beckon_plugin.h's BECKON_TYPE_*). */
#define BECKON_VALUE_NULL 0u      /**< none: the parameter's default, as if it were not passed */
#define BECKON_VALUE_BOOL 1u      /**< `integer`: 0 (false) or 1 (true); a bool parameter */
#define BECKON_VALUE_INT 2u       /**< `integer`; an int parameter, or a double one (converted) */
#define BECKON_VALUE_DOUBLE 3u    /**< `number`, finite; a double parameter */
#define BECKON_VALUE_STRING 4u    /**< `text`, as it is; a string parameter */
#define BECKON_VALUE_DURATION 5u  /**< `integer`: milliseconds; a duration parameter */
#define BECKON_VALUE_TIMESTAMP 6u /**< `integer`: Unix ms, within the range of `now`; a timestamp parameter */
#define BECKON_VALUE_VERSION 7u   /**< `text`: "MAJOR.MINOR.PATCH"; a version parameter */
#define BECKON_VALUE_TEXT 8u      /**< `text` written as on the command line, read as the parameter's declared type (any type) */

/**
 * A transient parameter's value, typed (ABI 1.3): the parameter's handle (beckon_resolve_parameter)
 * and the value in C types, so that nothing is parsed or looked up by name on each call.
 */
typedef struct beckon_transient {
    uint32_t struct_size;
    uint32_t type;           /**< BECKON_VALUE_* */
    beckon_handle parameter; /**< a transient parameter's handle */
    int64_t integer;         /**< BECKON_VALUE_BOOL, _INT, _DURATION, _TIMESTAMP */
    double number;           /**< BECKON_VALUE_DOUBLE */
    beckon_string text;      /**< BECKON_VALUE_STRING, _VERSION, _TEXT */
} beckon_transient;

/**
 * Who is asking, and when (1.0), with the context of the moment (1.1) and the languages its
 * content is wanted in (1.4). A host built against 1.0 sets struct_size to
 * BECKON_REQUEST_SIZE_1_0 (its sizeof): members past a request's struct_size are read as
 * zero/empty. Unset members of a later minor (zero) change nothing.
 */
typedef struct beckon_request {
    uint32_t struct_size;
    /** The subject (a user, a device); required, non-empty, at most 256 UTF-8 bytes. */
    beckon_string subject;
    /** The decision's instant, Unix ms, within -62167219200000 ... 253402300799999
     *  (0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z; outside: BECKON_INVALID_ARGUMENT);
     *  BECKON_NOW_CLOCK for the engine's clock. Timestamps written as text (parameters, fields)
     *  obey the same range. */
    int64_t now;
    /** The current app version ("2.3.1"); empty for the configuration's `app.version`. */
    beckon_string app_version;
    /* ABI 1.1 */
    /** Transient parameters for this request: name/value pairs, values written as on the command line. */
    const beckon_field *transients;
    size_t transient_count;
    /** Testing overrides for this request (QA), merged with the configuration's `testing:`. */
    const beckon_string *testing_show;   /**< tips shown whatever their rules */
    size_t testing_show_count;
    const beckon_string *testing_hide;   /**< tips hidden */
    size_t testing_hide_count;
    /** BECKON_REQUEST_* bits. */
    uint32_t flags;
    /* ABI 1.3 */
    /** Transient parameters for this request, typed (beside or instead of `transients`). */
    const beckon_transient *typed_transients;
    size_t typed_transient_count;
    /* ABI 1.4 */
    /** The languages content is wanted in: a tag ("de-CH"), an Accept-Language list or a POSIX locale name ("de_CH.UTF-8"); empty for the default locale. */
    beckon_string locale;
} beckon_request;

/** The size of a 1.0 request (up to `app_version`): the smallest struct_size accepted. */
#define BECKON_REQUEST_SIZE_1_0 offsetof(beckon_request, transients)

/*
 * A request's 1.1 members, as the library reads them:
 * - `transients` (NULL when transient_count is 0): each a beckon_field (struct_size at least
 *   1.0's) naming a parameter declared `transient: true`, its value typed as declared, for this
 *   request only (never stored). An undeclared name is BECKON_NOT_FOUND (with "did you mean"); a
 *   stored parameter, a name given twice or a value of the wrong type BECKON_INVALID_ARGUMENT.
 * - `testing_show`, `testing_hide` (NULL when their count is 0): declared tip ids (else
 *   BECKON_NOT_FOUND), merged with the configuration's `testing:` as Docs/cli.md says: a tip in
 *   either show list is available, then one in either hide list is pending, then either showAll,
 *   then either hideAll.
 * - `flags`: BECKON_REQUEST_SHOW_ALL_TIPS and BECKON_REQUEST_HIDE_ALL_TIPS (testing showAll and
 *   hideAll for this request); BECKON_REQUEST_REPORT_CHANGES. Other bits are reserved: pass 0.
 * And its 1.3 members:
 * - `typed_transients` (NULL when typed_transient_count is 0): each a beckon_transient (struct_size at
 *   least 1.3's sizeof) whose `parameter` is a handle from beckon_resolve_parameter naming a
 *   parameter declared `transient: true`, and whose value is of its declared type (see
 *   BECKON_VALUE_*). The same parameters as `transients`, without the text: a request may give
 *   both, each parameter once in all. A handle the engine never issued, a stored parameter, a
 *   parameter given twice, a value of another type, a bool other than 0 or 1, a double that is
 *   not finite, a timestamp out of range, a text that is not UTF-8 or does not parse, or an
 *   unknown type code is BECKON_INVALID_ARGUMENT; a parameter the serving
 *   configuration no longer declares BECKON_NOT_FOUND. Typed transients keep beckon_tip_check and
 *   beckon_tip_check_status on their fastest path: nothing is parsed, hashed or allocated for them.
 * And its 1.4 member:
 * - `locale` (empty, or a request shorter than 1.4's: the configuration's default locale): the
 *   languages the answer's content is wanted in, best first, as the CLI's `--locale` and serve's
 *   `Accept-Language` take them: one tag ("de-CH"), a list with q-values ("de-CH, fr;q=0.8"), or
 *   a POSIX locale name as $LANG holds one ("de_CH.UTF-8" is de-CH).
 *   The answer's text is chosen by RFC 4647 lookup (de-CH, then de, then the default locale) and
 *   every answer that carries content says which in its `locale` member. A text that is not UTF-8
 *   or holds no language range is BECKON_INVALID_ARGUMENT. The typed calls (beckon_tip_check, …)
 *   answer no text and do not read it.
 */
#define BECKON_REQUEST_SHOW_ALL_TIPS 1u
#define BECKON_REQUEST_HIDE_ALL_TIPS 2u

/**
 * request.flags (ABI 1.1): an operation that records (donate, parameter set, tip display, shown,
 * invalidate, reset, scenario trigger, try, reset, what's-new next, present, mark, unmark, reset subject)
 * adds a `changes` member to its answer: {"tips": [{"id", "before": {"status", "reasonCode"},
 * "after": {...}}], "groups": [{"id", "before": {"current"}, "after": {...}}], "scenarios": [{"id",
 * "before": {"wouldRun"}, "after": {...}}]}, the answers it changed for the subject (empty arrays:
 * none). Before is computed from the record the operation committed over, after from the record
 * it wrote, so they are exact under concurrent writers. Without the flag nothing is computed.
 * Reading operations ignore it.
 */
#define BECKON_REQUEST_REPORT_CHANGES 4u

/** Where the store comes from when opening. */
#define BECKON_STORE_CONFIGURED 0 /**< the configuration's `store:` (SQLite by default) */
#define BECKON_STORE_MEMORY 1     /**< a fresh in-memory store, whatever the configuration says */

/* ---------------------------------------------------------------------------------------------
 * Library and lifecycle
 * ------------------------------------------------------------------------------------------- */

/** The library's version, MAJOR.MINOR.PATCH, the same as `beckon --version` prints: NUL-terminated, static. */
const char *beckon_version(void);

/** The library's ABI: (major << 16) | minor, 1 << 16 | 5 for this header. A host built for 1.x runs with any library 1.y, y >= x. */
uint32_t beckon_abi_version(void);

/**
 * Opens an engine on the configuration file at `path` (with its includes and plugins) and the
 * store chosen by `store` (BECKON_STORE_). On success `*engine` is set, and when the configuration
 * has warnings `diagnostics` (optional) receives them as one JSON array of diagnostics ({file,
 * line, column, severity, code, message, notes}), the array of `beckon check --json`; a
 * configuration without warnings writes nothing. When the configuration is invalid, `diagnostics`
 * receives every diagnostic (errors and warnings) the same way.
 *
 * Returns BECKON_OK; BECKON_INVALID_ARGUMENT for an invalid configuration, an empty or non-UTF-8
 * path, a NULL `engine`, an unknown `store` or a sink smaller than 1.0's; BECKON_NOT_FOUND when the
 * file cannot be read; BECKON_UNAVAILABLE when a plugin or the store cannot be opened.
 */
beckon_status beckon_open_path(beckon_string path, int32_t store, beckon_engine **engine, beckon_sink *diagnostics,
                               beckon_error *error);

/**
 * Opens an engine on YAML text. `name` names it in diagnostics and anchors its relative paths
 * (includes, plugins, the SQLite file), as if the text were a file of that name. Otherwise as
 * beckon_open_path (BECKON_NOT_FOUND: an included file cannot be read).
 */
beckon_status beckon_open_text(beckon_string yaml, beckon_string name, int32_t store, beckon_engine **engine,
                               beckon_sink *diagnostics, beckon_error *error);

/**
 * Replaces the engine's configuration (ABI 1.1) with the file at `path` (with its includes and
 * plugins), for long-running hosts. The new configuration is loaded and checked with its plugins
 * first; only when it checks is it swapped in, atomically: a call that started before finishes on
 * the old configuration, a call that starts after runs on the new one, and no call sees a mix.
 * The store stays the same object (no subject's state is lost or reopened); a configuration whose
 * `store:` differs from the one the engine was opened with is refused (BECKON_INVALID_ARGUMENT:
 * close and open an engine to change stores). An engine opened with BECKON_STORE_MEMORY keeps its
 * memory store whatever the new `store:` says. The clock (beckon_set_clock) is kept.
 *
 * `diagnostics` (optional) receives the new configuration's warnings, or, when it does not check,
 * every diagnostic, as the JSON array of `beckon check --json` (as beckon_open_path). When the
 * reload fails, the old configuration keeps serving, untouched.
 *
 * Returns BECKON_OK; BECKON_INVALID_ARGUMENT for an invalid configuration, a changed `store:`, an
 * empty or non-UTF-8 path, a NULL engine or a sink smaller than 1.0's; BECKON_NOT_FOUND when the
 * file cannot be read; BECKON_UNAVAILABLE when a plugin cannot be loaded. May run concurrently
 * with any call on the engine but beckon_close.
 */
beckon_status beckon_reload_path(beckon_engine *engine, beckon_string path, beckon_sink *diagnostics, beckon_error *error);

/**
 * As beckon_reload_path, from YAML text (ABI 1.1); `name` names it in diagnostics and anchors its
 * relative paths, as in beckon_open_text (BECKON_NOT_FOUND: an included file cannot be read).
 */
beckon_status beckon_reload_text(beckon_engine *engine, beckon_string yaml, beckon_string name, beckon_sink *diagnostics,
                                 beckon_error *error);

/**
 * Releases the engine (NULL is ignored); it cannot fail. No call on it may run at the same time,
 * nor after: the handle then dangles (see the conventions above).
 */
void beckon_close(beckon_engine *engine);

/**
 * Sets the engine's clock (Unix ms) for requests with BECKON_NOW_CLOCK; INT64_MIN restores the wall
 * clock. Returns BECKON_OK; BECKON_INVALID_ARGUMENT for a NULL engine, or for an instant outside
 * request.now's range (the clock then stays as it was).
 */
beckon_status beckon_set_clock(beckon_engine *engine, int64_t now, beckon_error *error);

/* ---------------------------------------------------------------------------------------------
 * Operations (SEMANTICS.md). Each writes one JSON object to `result`, the shape of the matching
 * `beckon ... --json` answer (Docs/cli.md's table of answer members; every tip answer, and a
 * group's with a current tip, carries the tip's `title`, `message`, `image` and `actions`, the
 * members it declares; every tip, group and scenario answer carries `revisitAt`, the ISO-8601
 * instant at which it may change with no new input, or null: ask again then, not before), and
 * returns BECKON_OK also
 * for a negative answer (a tip that is not available, a scenario that does not run): read it in
 * the JSON. When a call fails, nothing is written to `result` and nothing of the operation is
 * stored. Each function lists its statuses:
 *   BECKON_INVALID_ARGUMENT  (every operation) a NULL engine or request, a request or sink smaller
 *                            than 1.0's, an empty subject, text that is not UTF-8, an app version
 *                            or a value that does not parse or has the wrong type, a request's
 *                            1.1 members that are wrong (see beckon_request);
 *   BECKON_NOT_FOUND         an id the configuration does not declare (with "did you mean"),
 *                            also in a request's transients or testing lists;
 *   BECKON_UNAVAILABLE       (every operation) the store or a plugin store failed or stayed
 *                            locked past its busy timeout;
 *   BECKON_CONFLICT          (operations that record) the subject stayed contended past every
 *                            retry of a compare-and-set store.
 * ------------------------------------------------------------------------------------------- */

/**
 * A tip's status (pending, available, invalidated) and why.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_tip_status(beckon_engine *engine, const beckon_request *request, beckon_string tip,
                                beckon_sink *result, beckon_error *error);
/**
 * Displays a tip if it is available (counts the display; the check and the count are atomic).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_tip_display(beckon_engine *engine, const beckon_request *request, beckon_string tip,
                                 beckon_sink *result, beckon_error *error);
/**
 * Records that a displayed tip stayed on screen for `duration` ms (not negative).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_tip_shown(beckon_engine *engine, const beckon_request *request, beckon_string tip, int64_t duration,
                               beckon_sink *result, beckon_error *error);
/**
 * Invalidates a tip: `reason` is actionPerformed or tipClosed (the engine sets the other reasons).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_tip_invalidate(beckon_engine *engine, const beckon_request *request, beckon_string tip,
                                    beckon_string reason, beckon_sink *result, beckon_error *error);
/**
 * Resets a tip's state for the subject.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_tip_reset(beckon_engine *engine, const beckon_request *request, beckon_string tip,
                               beckon_sink *result, beckon_error *error);
/**
 * A group's current tip.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_group_current(beckon_engine *engine, const beckon_request *request, beckon_string group,
                                   beckon_sink *result, beckon_error *error);
/**
 * Donates an event with its info fields (`info` may be NULL when `info_count` is 0).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_donate(beckon_engine *engine, const beckon_request *request, beckon_string event,
                            const beckon_field *const *info, size_t info_count, beckon_sink *result, beckon_error *error);
/**
 * Sets a parameter for the subject; `value` is written as on the command line; `null` restores the default.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_parameter_set(beckon_engine *engine, const beckon_request *request, beckon_string parameter,
                                   beckon_string value, beckon_sink *result, beckon_error *error);
/**
 * A parameter's value for the subject (its default when unset): {"op": "parameter.get", "parameter": NAME,
 * "value": V, ...}.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_parameter_get(beckon_engine *engine, const beckon_request *request, beckon_string parameter,
                                   beckon_sink *result, beckon_error *error);
/**
 * Counts an event of a scenario (WaitForIt's trigger); a scenario that counts a declared event is
 * BECKON_INVALID_ARGUMENT (donate its event).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_scenario_trigger(beckon_engine *engine, const beckon_request *request, beckon_string scenario,
                                      beckon_sink *result, beckon_error *error);
/**
 * Runs a scenario if every check passes (the check and the count are atomic: one winner per race).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_scenario_try(beckon_engine *engine, const beckon_request *request, beckon_string scenario,
                                  beckon_sink *result, beckon_error *error);
/**
 * Whether a scenario would run now, with every check.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_scenario_status(beckon_engine *engine, const beckon_request *request, beckon_string scenario,
                                     beckon_sink *result, beckon_error *error);
/**
 * Resets a scenario's counters for the subject.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_scenario_reset(beckon_engine *engine, const beckon_request *request, beckon_string scenario,
                                    beckon_sink *result, beckon_error *error);
/**
 * The what's-new entries to present for the request's app version (else the configuration's
 * `app.version`; with neither, BECKON_INVALID_ARGUMENT). Marks nothing as presented, but records the
 * version as the subject's last seen one, which `catchUp` and `freshInstall` count from.
 * `presented`, here as in every what's-new answer, is the subject's whole set of presented versions.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_whatsnew_next(beckon_engine *engine, const beckon_request *request, beckon_sink *result,
                                   beckon_error *error);
/**
 * The entries to present, recorded as presented (atomic: presented once). As beckon_whatsnew_next
 * otherwise.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_whatsnew_present(beckon_engine *engine, const beckon_request *request, beckon_sink *result,
                                      beckon_error *error);
/**
 * Marks a version ("2.3.0") as presented.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_whatsnew_mark(beckon_engine *engine, const beckon_request *request, beckon_string version,
                                   beckon_sink *result, beckon_error *error);
/**
 * Unmarks a version, or every version when `version` is empty.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_whatsnew_unmark(beckon_engine *engine, const beckon_request *request, beckon_string version,
                                     beckon_sink *result, beckon_error *error);
/**
 * A tip's status with every rule and check explained (a tip status's members, plus `checks`).
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_explain_tip(beckon_engine *engine, const beckon_request *request, beckon_string tip,
                                 beckon_sink *result, beckon_error *error);
/**
 * A scenario's status with every check explained.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_explain_scenario(beckon_engine *engine, const beckon_request *request, beckon_string scenario,
                                      beckon_sink *result, beckon_error *error);
/**
 * Everything the subject would see now, recording nothing: the answer of `beckon status --json`
 * ({subject, now, tips, groups, scenarios, whatsNew}; each tip with its `id`, status and
 * content). `tips` (NULL when `tip_count` is 0) restricts the `tips` member to those tips, in that
 * order; NULL/0 means every tip. Groups, scenarios and what's new are always whole. (Named for the
 * subject: `beckon_status` is the status type's name.) ABI 1.1.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND (a tip not declared, with "did you
 * mean"), BECKON_UNAVAILABLE.
 */
beckon_status beckon_subject_status(beckon_engine *engine, const beckon_request *request, const beckon_string *tips,
                                    size_t tip_count, beckon_sink *result, beckon_error *error);

/**
 * Forgets everything about the subject.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_reset_subject(beckon_engine *engine, const beckon_request *request, beckon_sink *result,
                                   beckon_error *error);

/* ---------------------------------------------------------------------------------------------
 * Users' data (ABI 1.5): list, export, import, erase and expire whole subjects
 *
 * `beckon data …` for a host: over a store that can list, erase and restore subjects (memory,
 * SQLite, and plugin stores with the plugin ABI 1.3's list_subjects and erase_subject); any other
 * store answers BECKON_UNAVAILABLE ("this store cannot list subjects …"). The format of a
 * subject's data is Docs/cli.md's "The subject data format": JSON Lines, one subject a line (one
 * JSON object, keys sorted, ending in "\n"), the same bytes for the same state. The other answers
 * are the JSON of `beckon data … --json`. These functions take no request: a subject is named by
 * its id. Each function lists its statuses; every one may return
 *   BECKON_INVALID_ARGUMENT  a NULL engine, a sink smaller than 1.0's, a string that is not UTF-8;
 *   BECKON_UNAVAILABLE       the store failed, or cannot list, erase or restore subjects.
 * ------------------------------------------------------------------------------------------- */

/**
 * One page of the stored subjects after `after` (empty: from the first), at most `limit` (1 to
 * 100000), in the byte order of their ids (UTF-8), each with when it was last active (its last
 * commit or import): {"subjects": [{"subject": ID, "lastActive": ISO-8601}], "next": ID|null}.
 * `next` is the cursor of the next page (pass it as `after`): the page's last id when the page is
 * full, null after the last page.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT (also a `limit` out of range), BECKON_UNAVAILABLE.
 */
beckon_status beckon_subjects(beckon_engine *engine, beckon_string after, int64_t limit, beckon_sink *result,
                              beckon_error *error);

/**
 * The subject's data: one line of the data format (ending in "\n"), read consistently (its record
 * and its logs of one version), as `beckon data export --subject ID` writes it; lines of several
 * calls, written one after the other, are a file beckon_subject_import and `beckon data import`
 * read.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT (also an empty subject), BECKON_NOT_FOUND (the
 * subject is not stored; nothing is written to `result`), BECKON_UNAVAILABLE.
 */
beckon_status beckon_subject_export(beckon_engine *engine, beckon_string subject, beckon_sink *result, beckon_error *error);

/** beckon_subject_import's flags: overwrite subjects stored with other data (`--replace`). */
#define BECKON_IMPORT_REPLACE 1u
/** beckon_subject_import's flags: skip bad lines, and without REPLACE subjects stored with other data (`--skip-bad`). */
#define BECKON_IMPORT_SKIP_BAD 2u

/**
 * Imports subjects' data: `lines` is lines of the data format (as beckon_subject_export and
 * `beckon data export` write them; empty lines are skipped). Every line is checked against the
 * configuration, and each subject against the store, before anything is written: a bad line
 * (malformed JSON, bytes that are not UTF-8, another format version, an undeclared id, a value of
 * the wrong type, a subject given twice) refuses the whole text with BECKON_INVALID_ARGUMENT, the
 * message naming each ("line 7: /logs/saved/0/info/count: expected an int, got \"3\"", the first
 * 20); a subject stored with other data refuses it with BECKON_CONFLICT, naming them; in both
 * cases nothing is written. With BECKON_IMPORT_SKIP_BAD the rest is imported instead. A subject
 * stored with the same data is left as it is (the same text twice changes nothing);
 * BECKON_IMPORT_REPLACE overwrites one stored with other data. `flags`' other bits are reserved:
 * pass 0. Answers {"imported", "unchanged", "replaced", "refused": [ids], "skippedLines": [numbers]}.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT (also reserved flags), BECKON_CONFLICT,
 * BECKON_UNAVAILABLE.
 */
beckon_status beckon_subject_import(beckon_engine *engine, beckon_string lines, uint32_t flags, beckon_sink *result,
                                    beckon_error *error);

/**
 * Erases every trace of the subject from the store: its record and every log (in SQLite, the
 * freed pages and the write-ahead log overwritten; Docs/users-data.md gives each store's guarantees).
 * Answers {"subject": ID, "erased": true}, or "erased": false when it was not stored.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT (also an empty subject), BECKON_UNAVAILABLE.
 */
beckon_status beckon_subject_erase(beckon_engine *engine, beckon_string subject, beckon_sink *result, beckon_error *error);

/**
 * Erases the subjects last active before the engine's clock (beckon_set_clock; the wall clock
 * until set) minus the configuration's `store.expireSubjectsAfter`, one page of subjects at a
 * time; a subject active again between its listing and its erasure stays. With `dry_run`
 * nonzero nothing is erased. Answers {"listed", "expired": [ids], "erased", "dryRun"}.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT (also a configuration without
 * `store.expireSubjectsAfter`), BECKON_UNAVAILABLE.
 */
beckon_status beckon_subjects_expire(beckon_engine *engine, int32_t dry_run, beckon_sink *result, beckon_error *error);

/* ---------------------------------------------------------------------------------------------
 * The typed path (ABI 1.1): decisions with no JSON, on ids resolved once into handles
 *
 * For hosts that decide often (a UI asking every frame, a server deciding per request): resolve
 * each id once into a handle (beckon_resolve_tip, _group, _scenario) and keep it; each decision
 * then passes the handle and gets its answer in a struct the caller provides, with codes instead
 * of sentences (the JSON functions above stay the convenient default and give the same answers).
 *
 * - Handles are small integers (never 0, so a zeroed handle is never valid), one namespace per
 *   kind, issued by an engine for its lifetime: resolving the same id again returns the same
 *   handle. A handle names an id, not a place in one configuration: after beckon_reload_* it
 *   keeps deciding the tip of that id in the new configuration. If the new configuration no
 *   longer declares the id, a call with the handle returns BECKON_NOT_FOUND (the handle stays
 *   issued and works again once a configuration declares the id). A handle this engine never
 *   issued is BECKON_INVALID_ARGUMENT.
 * - Results: the caller sets `struct_size` = sizeof(the struct it was compiled with); one smaller
 *   than its first (1.1) size is refused with BECKON_INVALID_ARGUMENT and the message naming it.
 *   On success every field the size covers is written; on failure nothing is.
 * - Statuses are those of the matching JSON function (a NULL or small result struct is
 *   BECKON_INVALID_ARGUMENT), and the request is read as there.
 * ------------------------------------------------------------------------------------------- */

/** beckon_tip_result.status: the tip's status. */
#define BECKON_TIP_PENDING 0
#define BECKON_TIP_AVAILABLE 1
#define BECKON_TIP_INVALIDATED 2

/** beckon_tip_result.reason_code: why the tip has its status (the JSON answer's `reasonCode`). */
#define BECKON_REASON_AVAILABLE 0                 /**< "available": every check passed */
#define BECKON_REASON_TESTING_SHOW 1              /**< "testingShow": a testing override shows it */
#define BECKON_REASON_TESTING_HIDE 2              /**< "testingHide": a testing override hides it */
#define BECKON_REASON_ACTION_PERFORMED 3          /**< "actionPerformed": invalidated by the host */
#define BECKON_REASON_TIP_CLOSED 4                /**< "tipClosed": invalidated by the host */
#define BECKON_REASON_DISPLAY_COUNT_EXCEEDED 5    /**< "displayCountExceeded": reached maxDisplayCount */
#define BECKON_REASON_DISPLAY_DURATION_EXCEEDED 6 /**< "displayDurationExceeded": reached maxDisplayDuration */
#define BECKON_REASON_RULE 7                      /**< "rule": a rule is false (`rule_index` says which) */
#define BECKON_REASON_RULE_ERROR 8                /**< "ruleError": a rule could not be evaluated (`rule_index`) */
#define BECKON_REASON_DISPLAY_FREQUENCY 9         /**< "displayFrequency": another tip was shown recently */
#define BECKON_REASON_GROUP 10                    /**< "group": its group's current tip is another one */
#define BECKON_REASON_CYCLE 11                    /**< "cycle": its rules depend on its own status */

/** `revisit_at` meaning "nothing in the answer depends on time" (the JSON's `"revisitAt": null`). */
#define BECKON_REVISIT_NEVER INT64_MIN

/** A tip's status, typed (beckon_tip_check): the JSON answer of beckon_tip_status without text. */
typedef struct beckon_tip_result {
    uint32_t struct_size;
    int32_t status;              /**< BECKON_TIP_* */
    int32_t reason_code;         /**< BECKON_REASON_* */
    int32_t rule_index;          /**< for BECKON_REASON_RULE and _RULE_ERROR: the rule (0-based); else -1 */
    int64_t revisit_at;          /**< Unix ms at which the answer may change with no new input, or BECKON_REVISIT_NEVER */
    int64_t display_count;       /**< times displayed */
    int64_t display_duration_ms; /**< total time on screen */
} beckon_tip_result;

/** A group's current tip, typed (beckon_group_check). */
typedef struct beckon_group_result {
    uint32_t struct_size;
    /** The current tip's handle (resolved for the caller when it had none), or 0 when no tip is current. */
    beckon_handle current;
    int64_t revisit_at; /**< as in beckon_tip_result */
} beckon_group_result;

/** A scenario's answer, typed (beckon_scenario_check, beckon_scenario_attempt). */
typedef struct beckon_scenario_result {
    uint32_t struct_size;
    /** beckon_scenario_check: whether a try would run now; beckon_scenario_attempt: whether it ran (1) or not (0). */
    int32_t runs;
    /** How many of its checks fail (0 when it runs). */
    int32_t failed_checks;
    int64_t events;     /**< events counted */
    int64_t executions; /**< executions so far (after the call) */
    int64_t revisit_at; /**< when whether a try would run may change with no new input, or BECKON_REVISIT_NEVER */
} beckon_scenario_result;

/**
 * Resolves a tip id into a handle for the typed calls, `*handle` set on success.
 * Returns BECKON_OK; BECKON_INVALID_ARGUMENT for a NULL engine or handle or an empty or non-UTF-8
 * id; BECKON_NOT_FOUND when the configuration does not declare the tip (with "did you mean").
 */
beckon_status beckon_resolve_tip(beckon_engine *engine, beckon_string tip, beckon_handle *handle, beckon_error *error);
/** As beckon_resolve_tip, for a group. */
beckon_status beckon_resolve_group(beckon_engine *engine, beckon_string group, beckon_handle *handle, beckon_error *error);
/** As beckon_resolve_tip, for a scenario. */
beckon_status beckon_resolve_scenario(beckon_engine *engine, beckon_string scenario, beckon_handle *handle,
                                      beckon_error *error);
/**
 * As beckon_resolve_tip, for a parameter (ABI 1.3): the handle a beckon_transient names a transient
 * parameter with. Any declared parameter resolves; a stored one is refused where it is used.
 */
beckon_status beckon_resolve_parameter(beckon_engine *engine, beckon_string parameter, beckon_handle *handle,
                                       beckon_error *error);

/**
 * A tip's status into `*result`: beckon_tip_status's answer, typed. Builds no JSON and no sentence.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_tip_check(beckon_engine *engine, const beckon_request *request, beckon_handle tip,
                               beckon_tip_result *result, beckon_error *error);
/**
 * The statuses of `count` tips for one request (one subject, one instant): results[i] for tips[i].
 * The results' stride is results[0].struct_size (the host's sizeof(beckon_tip_result)); the
 * library sets each result's struct_size to it. When any tip fails (a stale handle), the call
 * returns its status, with the message naming `tips[i]`, and the results are left unspecified.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_tip_check_many(beckon_engine *engine, const beckon_request *request, const beckon_handle *tips,
                                    size_t count, beckon_tip_result *results, beckon_error *error);
/**
 * A group's current tip into `*result`: beckon_group_current's answer, typed.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_group_check(beckon_engine *engine, const beckon_request *request, beckon_handle group,
                                 beckon_group_result *result, beckon_error *error);
/**
 * Whether a scenario would run now into `*result`: beckon_scenario_status's answer, typed.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE.
 */
beckon_status beckon_scenario_check(beckon_engine *engine, const beckon_request *request, beckon_handle scenario,
                                    beckon_scenario_result *result, beckon_error *error);
/**
 * Runs a scenario if every check passes (beckon_scenario_try, typed): `runs` says whether it ran.
 * Returns BECKON_OK, BECKON_INVALID_ARGUMENT, BECKON_NOT_FOUND, BECKON_UNAVAILABLE, BECKON_CONFLICT.
 */
beckon_status beckon_scenario_attempt(beckon_engine *engine, const beckon_request *request, beckon_handle scenario,
                                      beckon_scenario_result *result, beckon_error *error);

/**
 * A tip's status as the function's value, for hosts where each argument and each struct member
 * read costs (Python's ctypes). ABI 1.2: a host that may run with a 1.1 library checks
 * beckon_abi_version() (or looks the symbol up with dlsym) before calling it. The value is beckon_tip_check's `status`
 * (BECKON_TIP_PENDING, _AVAILABLE or _INVALIDATED), or, when the call fails, its beckon_status
 * negated (-BECKON_INVALID_ARGUMENT, -BECKON_NOT_FOUND, -BECKON_UNAVAILABLE) with no message:
 * call beckon_tip_check with the same arguments for it. The same decision as beckon_tip_check.
 */
int32_t beckon_tip_check_status(beckon_engine *engine, const beckon_request *request, beckon_handle tip);

#ifdef __cplusplus
}
#endif

#endif /* BECKON_H */
