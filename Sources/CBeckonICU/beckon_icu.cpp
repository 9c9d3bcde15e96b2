// icu::MessageFormat behind beckon_icu.h, with a MessagePlan for the shapes it takes. Every ICU
// object is made in beckon_icu_message_open (a plan's number format and plural rules on its first
// integer) and freed in beckon_icu_message_close; formatting makes only stack values and writes
// into the message's own text, whose room it keeps.
#include "beckon_icu.h"
#include "message_plan.h"

#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/parseerr.h>
#include <unicode/unistr.h>

#include <memory>
#include <new>
#include <string>
#include <vector>

struct beckon_icu_message {
    icu::MessageFormat format;
    std::vector<icu::UnicodeString> names;
    /// The same message as a plan, when its shape is one a plan takes.
    std::unique_ptr<MessagePlan> plan;
    /// The last text formatted, its room kept for the next.
    std::string text;

    beckon_icu_message(const icu::UnicodeString &pattern, const icu::Locale &locale, UParseError &parseError,
                       UErrorCode &status)
        : format(pattern, locale, parseError, status) {}
};

extern "C" beckon_icu_message *beckon_icu_message_open(const char *pattern, int32_t length, const char *locale,
                                                       int32_t argument_count, beckon_icu_error *error) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale icuLocale = icu::Locale::forLanguageTag(locale, status);
    if (U_FAILURE(status)) {
        error->name = u_errorName(status);
        error->offset = -1;
        return nullptr;
    }
    UParseError parseError = {};
    parseError.offset = -1;
    icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(pattern, length));
    std::unique_ptr<beckon_icu_message> message(new (std::nothrow) beckon_icu_message(text, icuLocale, parseError, status));
    if (!message) {
        error->name = u_errorName(U_MEMORY_ALLOCATION_ERROR);
        error->offset = -1;
        return nullptr;
    }
    if (U_FAILURE(status)) {
        error->name = u_errorName(status);
        error->offset = parseError.offset;
        return nullptr;
    }
    message->plan = MessagePlan::compile(text, icuLocale, argument_count);
    message->names.reserve(argument_count);
    for (int32_t index = 0; index < argument_count; index++) {
        message->names.push_back(icu::UnicodeString::fromUTF8("a" + std::to_string(index)));
    }
    return message.release();
}

extern "C" void beckon_icu_message_close(beckon_icu_message *message) {
    delete message;
}

extern "C" bool beckon_icu_message_has_plan(const beckon_icu_message *message) {
    return message->plan != nullptr;
}

extern "C" bool beckon_icu_message_format(beckon_icu_message *message, const beckon_icu_argument *arguments, bool planned) {
    message->text.clear();
    if (planned && message->plan && message->plan->format(arguments, message->text)) return true;
    int32_t count = static_cast<int32_t>(message->names.size());
    // Most templates have a few arguments: their values live on the stack.
    icu::Formattable small[8];
    std::vector<icu::Formattable> large;
    icu::Formattable *values = small;
    if (count > 8) {
        large.resize(count);
        values = large.data();
    }
    for (int32_t index = 0; index < count; index++) {
        const beckon_icu_argument &argument = arguments[index];
        switch (argument.kind) {
        case BECKON_ICU_INT:
            values[index].setInt64(argument.integer);
            break;
        case BECKON_ICU_DOUBLE:
            values[index].setDouble(argument.number);
            break;
        default:
            values[index].setString(icu::UnicodeString::fromUTF8(icu::StringPiece(argument.text, argument.length)));
            break;
        }
    }
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString result;
    message->format.format(message->names.data(), values, count, result, status);
    if (U_FAILURE(status)) return false;
    result.toUTF8String(message->text);
    return true;
}

extern "C" const char *beckon_icu_message_text(const beckon_icu_message *message, int32_t *length) {
    *length = static_cast<int32_t>(message->text.size());
    return message->text.data();
}
