// A message in the shapes templates mostly take (text, simple arguments, plural, select)
// compiled from ICU's own parse (icu::MessagePattern) into a tree formatted without
// icu::MessageFormat: its text parts are UTF-8 already, and an integer's digits and plural
// category come from the locale's icu::NumberFormat and icu::PluralRules (made once, with the
// plan) and are kept for the small integers a count mostly is. A shape outside these, or a
// value the plan does not take (a fraction, a string where a number goes), is left to
// MessageFormat, so every text is ICU's; MessagePlanTests hold the two together.
#ifndef BECKON_MESSAGE_PLAN_H
#define BECKON_MESSAGE_PLAN_H

#include "beckon_icu.h"

#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/numfmt.h>
#include <unicode/plurrule.h>
#include <unicode/unistr.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

class MessagePlan {
public:
    /// The plan of `pattern` (arguments named `a0`…), or null when it has a shape a plan does
    /// not take (an apostrophe's quoting, a typed argument, selectordinal, choice, …).
    static std::unique_ptr<MessagePlan> compile(const icu::UnicodeString &pattern, const icu::Locale &locale,
                                                int32_t argumentCount);

    /// Appends the text for `arguments` to `out`; false (and `out` as it was) when a value is one
    /// the plan leaves to MessageFormat. Not safe on one plan from two threads at once: it keeps
    /// the integers it formats (the caller holds its message's lock).
    bool format(const beckon_icu_argument *arguments, std::string &out);

private:
    struct Node;
    /// A (sub-)message: its nodes in order.
    using Message = std::vector<Node>;

    struct Case {
        /// `=N` when `exact`, else a keyword (a plural category or a select key), in UTF-8.
        bool exact = false;
        double value = 0;
        std::string key;
        Message message;
    };

    struct Node {
        enum Kind { text, argument, number, plural, select } kind = text;
        /// `text`: the text; otherwise unused.
        std::string literal;
        /// For `argument`, `plural` and `select`: the argument's index (`a<index>`). A `number`
        /// (a plural's `#`) shows the value its plural was chosen by, less the offset.
        int32_t index = 0;
        /// For `plural`: its offset.
        double offset = 0;
        std::vector<Case> cases;
    };

    /// What a small integer looks like in the locale, and its plural category.
    struct Integer {
        std::string digits;
        std::string category;
    };
    static constexpr int64_t keptIntegers = 256;

    icu::Locale locale;
    /// The locale's number format and plural rules, made when an integer is first shown.
    std::unique_ptr<icu::NumberFormat> numbers;
    std::unique_ptr<icu::PluralRules> plurals;
    std::array<Integer, keptIntegers> kept;
    Message root;

    bool compileMessage(const icu::MessagePattern &pattern, int32_t start, int32_t argumentCount, Message &into);
    bool compileArgument(const icu::MessagePattern &pattern, int32_t start, int32_t argumentCount, Message &into);
    bool formatMessage(const Message &message, const beckon_icu_argument *arguments, int64_t pluralValue, std::string &out);
    /// The case of `node` whose key is `key`, else its `other` case.
    const Case *choose(const Node &node, std::string_view key) const;
    /// `value`'s digits and category: kept ones for small values, else made in `scratch`; null
    /// when ICU cannot make the locale's formats.
    const Integer *integer(int64_t value, Integer &scratch);
};

#endif
