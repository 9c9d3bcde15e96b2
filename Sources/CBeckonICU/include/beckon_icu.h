// A plain C view of ICU's MessageFormat with named arguments, for BeckonContent.
//
// ICU's C API (umsg_*) takes only numbered, variadic arguments, which Swift cannot pass; this
// shim compiles a pattern once into a handle and formats it with an array of values.
#ifndef BECKON_ICU_H
#define BECKON_ICU_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled message: an icu::MessageFormat for one pattern and one locale.
typedef struct beckon_icu_message beckon_icu_message;

/// The kinds of argument values.
enum {
    BECKON_ICU_INT = 0,
    BECKON_ICU_DOUBLE = 1,
    BECKON_ICU_STRING = 2,
};

/// One argument's value; `text` (UTF-8, `length` bytes) for strings.
typedef struct {
    int32_t kind;
    int64_t integer;
    double number;
    const char *text;
    int32_t length;
} beckon_icu_argument;

/// What went wrong compiling a pattern.
typedef struct {
    /// ICU's error code name, e.g. `U_PATTERN_SYNTAX_ERROR`.
    const char *name;
    /// The error's offset in the pattern in UTF-16 code units, or -1 when ICU gave none.
    int32_t offset;
} beckon_icu_error;

/// Compiles `pattern` (UTF-8, `length` bytes) for the BCP 47 tag `locale`; its arguments are
/// named `a0`, `a1`… up to `argument_count`. NULL on failure, with `error` filled in.
beckon_icu_message *beckon_icu_message_open(const char *pattern, int32_t length, const char *locale,
                                            int32_t argument_count, beckon_icu_error *error);

/// Frees a message.
void beckon_icu_message_close(beckon_icu_message *message);

/// Whether `message` has a plan: a form of it formatted without icu::MessageFormat (text,
/// simple arguments, plural and select), which `beckon_icu_message_format` uses when asked.
bool beckon_icu_message_has_plan(const beckon_icu_message *message);

/// Formats with `arguments[i]` as `a<i>` (exactly `argument_count` of them) into the message's
/// own text, which `beckon_icu_message_text` lends: with the message's plan when `planned` and it
/// has one that takes these values, else with icu::MessageFormat. False on error (the text is
/// then empty). Not safe to call on one message from two threads at once: ICU makes
/// sub-formatters lazily, a plan keeps the integers it formats, and the text is the message's.
bool beckon_icu_message_format(beckon_icu_message *message, const beckon_icu_argument *arguments, bool planned);

/// The text the last `beckon_icu_message_format` made (UTF-8, `*length` bytes, not
/// NUL-terminated), valid until the next call on the message.
const char *beckon_icu_message_text(const beckon_icu_message *message, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif
