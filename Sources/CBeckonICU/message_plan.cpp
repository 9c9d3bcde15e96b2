// MessagePlan: see message_plan.h.
#include "message_plan.h"

#include <unicode/messagepattern.h>
#include <unicode/parseerr.h>

#include <cmath>
#include <new>

namespace {
/// The number of `a<number>`, or -1 for any other name.
int32_t argumentNumber(const icu::UnicodeString &name) {
    if (name.length() < 2 || name.charAt(0) != u'a') return -1;
    int32_t number = 0;
    for (int32_t index = 1; index < name.length(); index++) {
        char16_t digit = name.charAt(index);
        if (digit < u'0' || digit > u'9' || number > 100000) return -1;
        number = number * 10 + (digit - u'0');
    }
    return number;
}

std::string utf8(const icu::UnicodeString &text) {
    std::string bytes;
    text.toUTF8String(bytes);
    return bytes;
}
}

std::unique_ptr<MessagePlan> MessagePlan::compile(const icu::UnicodeString &text, const icu::Locale &locale,
                                                  int32_t argumentCount) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError = {};
    icu::MessagePattern pattern(text, &parseError, status);
    if (U_FAILURE(status) || pattern.countParts() == 0) return nullptr;
    std::unique_ptr<MessagePlan> plan(new (std::nothrow) MessagePlan());
    if (!plan) return nullptr;
    plan->locale = locale;
    if (!plan->compileMessage(pattern, 0, argumentCount, plan->root)) return nullptr;
    return plan;
}

bool MessagePlan::compileMessage(const icu::MessagePattern &pattern, int32_t start, int32_t argumentCount, Message &into) {
    const icu::UnicodeString &source = pattern.getPatternString();
    icu::UnicodeString literal;
    auto flush = [&] {
        if (literal.isEmpty()) return;
        Node node;
        node.literal = utf8(literal);
        into.push_back(std::move(node));
        literal.remove();
    };
    int32_t previous = pattern.getPart(start).getLimit();
    for (int32_t index = start + 1; index < pattern.countParts(); index++) {
        const icu::MessagePattern::Part &part = pattern.getPart(index);
        literal.append(source, previous, part.getIndex() - previous);
        previous = part.getLimit();
        switch (part.getType()) {
        case UMSGPAT_PART_TYPE_MSG_LIMIT:
            flush();
            return true;
        case UMSGPAT_PART_TYPE_SKIP_SYNTAX:
            break;
        case UMSGPAT_PART_TYPE_INSERT_CHAR:
            literal.append(static_cast<UChar32>(part.getValue()));
            break;
        case UMSGPAT_PART_TYPE_REPLACE_NUMBER: {
            flush();
            Node node;
            node.kind = Node::number;
            into.push_back(std::move(node));
            break;
        }
        case UMSGPAT_PART_TYPE_ARG_START:
            flush();
            if (!compileArgument(pattern, index, argumentCount, into)) return false;
            index = pattern.getLimitPartIndex(index);
            previous = pattern.getPart(index).getLimit();
            break;
        default:
            return false;
        }
    }
    return false;
}

bool MessagePlan::compileArgument(const icu::MessagePattern &pattern, int32_t start, int32_t argumentCount, Message &into) {
    const icu::MessagePattern::Part &name = pattern.getPart(start + 1);
    if (name.getType() != UMSGPAT_PART_TYPE_ARG_NAME) return false;
    Node node;
    node.index = argumentNumber(pattern.getSubstring(name));
    if (node.index < 0 || node.index >= argumentCount) return false;
    UMessagePatternArgType type = pattern.getPart(start).getArgType();
    int32_t limit = pattern.getLimitPartIndex(start);
    int32_t index = start + 2;
    switch (type) {
    case UMSGPAT_ARG_TYPE_NONE:
        node.kind = Node::argument;
        into.push_back(std::move(node));
        return true;
    case UMSGPAT_ARG_TYPE_PLURAL:
        node.kind = Node::plural;
        if (pattern.getPart(index).getType() == UMSGPAT_PART_TYPE_ARG_INT ||
            pattern.getPart(index).getType() == UMSGPAT_PART_TYPE_ARG_DOUBLE) {
            node.offset = pattern.getNumericValue(pattern.getPart(index));
            // A fraction in the offset makes `#` a fraction: MessageFormat's to format.
            if (node.offset != std::floor(node.offset) || std::fabs(node.offset) > 1e9) return false;
            index++;
        }
        break;
    case UMSGPAT_ARG_TYPE_SELECT:
        node.kind = Node::select;
        break;
    default:
        return false;
    }
    while (index < limit) {
        const icu::MessagePattern::Part &selector = pattern.getPart(index++);
        if (selector.getType() != UMSGPAT_PART_TYPE_ARG_SELECTOR) return false;
        Case choice;
        UMessagePatternPartType next = pattern.getPart(index).getType();
        if (next == UMSGPAT_PART_TYPE_ARG_INT || next == UMSGPAT_PART_TYPE_ARG_DOUBLE) {
            choice.exact = true;
            choice.value = pattern.getNumericValue(pattern.getPart(index++));
        } else {
            choice.key = utf8(pattern.getSubstring(selector));
        }
        if (pattern.getPart(index).getType() != UMSGPAT_PART_TYPE_MSG_START) return false;
        if (!compileMessage(pattern, index, argumentCount, choice.message)) return false;
        index = pattern.getLimitPartIndex(index) + 1;
        node.cases.push_back(std::move(choice));
    }
    into.push_back(std::move(node));
    return true;
}

bool MessagePlan::format(const beckon_icu_argument *arguments, std::string &out) {
    size_t length = out.size();
    if (formatMessage(root, arguments, 0, out)) return true;
    out.resize(length);
    return false;
}

bool MessagePlan::formatMessage(const Message &message, const beckon_icu_argument *arguments, int64_t pluralValue,
                                std::string &out) {
    Integer scratch;
    for (const Node &node : message) {
        switch (node.kind) {
        case Node::text:
            out += node.literal;
            break;
        case Node::number: {
            const Integer *shown = integer(pluralValue, scratch);
            if (!shown) return false;
            out += shown->digits;
            break;
        }
        case Node::argument: {
            const beckon_icu_argument &argument = arguments[node.index];
            if (argument.kind == BECKON_ICU_STRING) {
                out.append(argument.text, static_cast<size_t>(argument.length));
            } else if (argument.kind == BECKON_ICU_INT) {
                const Integer *shown = integer(argument.integer, scratch);
                if (!shown) return false;
                out += shown->digits;
            } else {
                return false;
            }
            break;
        }
        case Node::plural: {
            const beckon_icu_argument &argument = arguments[node.index];
            if (argument.kind != BECKON_ICU_INT || std::llabs(argument.integer) > (int64_t(1) << 52)) return false;
            int64_t value = argument.integer;
            // As PluralFormat chooses: an exact `=N` first, then the first case of the category
            // of the value less the offset, then `other`.
            const Case *chosen = nullptr;
            for (const Case &choice : node.cases) {
                if (choice.exact && choice.value == static_cast<double>(value)) {
                    chosen = &choice;
                    break;
                }
            }
            int64_t shown = value - static_cast<int64_t>(node.offset);
            if (!chosen) {
                const Integer *number = integer(shown, scratch);
                if (!number) return false;
                chosen = choose(node, number->category);
            }
            if (!chosen || !formatMessage(chosen->message, arguments, shown, out)) return false;
            break;
        }
        case Node::select: {
            const beckon_icu_argument &argument = arguments[node.index];
            if (argument.kind != BECKON_ICU_STRING) return false;
            const Case *chosen = choose(node, std::string_view(argument.text, static_cast<size_t>(argument.length)));
            if (!chosen || !formatMessage(chosen->message, arguments, pluralValue, out)) return false;
            break;
        }
        }
    }
    return true;
}

const MessagePlan::Case *MessagePlan::choose(const Node &node, std::string_view key) const {
    const Case *other = nullptr;
    for (const Case &choice : node.cases) {
        if (choice.exact) continue;
        if (choice.key == key) return &choice;
        if (!other && choice.key == "other") other = &choice;
    }
    return other;
}

const MessagePlan::Integer *MessagePlan::integer(int64_t value, Integer &scratch) {
    bool keep = value >= 0 && value < keptIntegers;
    if (keep && !kept[value].digits.empty()) return &kept[value];
    UErrorCode status = U_ZERO_ERROR;
    if (!numbers) numbers.reset(icu::NumberFormat::createInstance(locale, status));
    if (!plurals) plurals.reset(icu::PluralRules::forLocale(locale, status));
    if (U_FAILURE(status) || !numbers || !plurals) return nullptr;
    Integer &found = keep ? kept[value] : scratch;
    icu::UnicodeString digits;
    numbers->format(static_cast<int64_t>(value), digits);
    found.digits = utf8(digits);
    found.category = utf8(plurals->select(static_cast<double>(value)));
    return &found;
}
