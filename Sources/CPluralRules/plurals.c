#include <stdio.h>
#include "cplurals.h"
#include <string.h>
#include <stdlib.h>
#include <unicode/utypes.h>
#include <unicode/upluralrules.h>
#include <unicode/unumberformatter.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uenum.h>
#include <unicode/ulocdata.h>

int primer_plural_category(const char *locale, const char *number, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    // The number keeps its visible fraction digits (1.0 is not 1), so format it as written.
    const char *dot = strchr(number, '.');
    int fraction = dot ? (int)strlen(dot + 1) : 0;
    char skeleton[64];
    snprintf(skeleton, sizeof skeleton, ".%.*s", fraction, "000000000000000000000000000000");
    if (fraction == 0) strcpy(skeleton, "precision-integer");
    UChar uskeleton[64];
    u_uastrcpy(uskeleton, skeleton);
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(uskeleton, -1, "en", &status);
    UFormattedNumber *formatted = unumf_openResult(&status);
    if (U_FAILURE(status)) { uplrules_close(rules); return -1; }
    unumf_formatDecimal(formatter, number, (int32_t)strlen(number), formatted, &status);
    UChar keyword[32];
    int32_t length = uplrules_selectFormatted(rules, formatted, keyword, 32, &status);
    unumf_closeResult(formatted);
    unumf_close(formatter);
    uplrules_close(rules);
    if (U_FAILURE(status) || length >= capacity) return -1;
    u_austrncpy(out, keyword, capacity);
    out[length] = 0;
    return 0;
}

int primer_plural_categories(const char *locale, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    out[0] = 0;
    int used = 0;
    const char *keyword;
    int32_t length;
    while (U_SUCCESS(status) && (keyword = uenum_next(keywords, &length, &status)) != NULL) {
        if (used + length + 2 > capacity) break;
        if (used > 0) out[used++] = ' ';
        memcpy(out + used, keyword, (size_t)length);
        used += length;
        out[used] = 0;
    }
    uenum_close(keywords);
    uplrules_close(rules);
    return U_SUCCESS(status) ? 0 : -1;
}

int primer_plural_rule_source(const char *locale, const char *category, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    if (U_FAILURE(status)) return -1;
    UResourceBundle *locales = ures_getByKey(plurals, "locales", NULL, &status);
    // Fall back from "zh-Hans" to "zh" as ICU does for rules.
    char name[64];
    strncpy(name, locale, sizeof name - 1);
    name[sizeof name - 1] = 0;
    for (char *p = name; *p; p++) if (*p == '-') *p = '_';
    int32_t setLength = 0;
    const UChar *set = NULL;
    for (;;) {
        UErrorCode local = U_ZERO_ERROR;
        set = ures_getStringByKey(locales, name, &setLength, &local);
        if (U_SUCCESS(local)) break;
        char *underscore = strrchr(name, '_');
        if (!underscore) { set = NULL; break; }
        *underscore = 0;
    }
    int result = -1;
    if (set) {
        char setName[64];
        u_austrncpy(setName, set, sizeof setName);
        setName[setLength < 63 ? setLength : 63] = 0;
        UResourceBundle *rules = ures_getByKey(plurals, "rules", NULL, &status);
        UResourceBundle *chosen = ures_getByKey(rules, setName, NULL, &status);
        int32_t ruleLength = 0;
        const UChar *rule = ures_getStringByKey(chosen, category, &ruleLength, &status);
        if (U_SUCCESS(status)) {
            int32_t written = 0;
            u_strToUTF8(out, capacity - 1, &written, rule, ruleLength, &status);
            if (U_SUCCESS(status) && written < capacity) { out[written] = 0; result = 0; }
        }
        ures_close(chosen);
        ures_close(rules);
    }
    ures_close(locales);
    ures_close(plurals);
    return result;
}

int primer_quotation_marks(const char *locale, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    ULocaleDataDelimiterType kinds[4] = { ULOCDATA_QUOTATION_START, ULOCDATA_QUOTATION_END,
                                          ULOCDATA_ALT_QUOTATION_START, ULOCDATA_ALT_QUOTATION_END };
    int used = 0;
    for (int i = 0; i < 4; i++) {
        UChar mark[8];
        int32_t length = ulocdata_getDelimiter(data, kinds[i], mark, 8, &status);
        if (U_FAILURE(status)) { ulocdata_close(data); return -1; }
        int32_t written = 0;
        u_strToUTF8(out + used, capacity - used - 2, &written, mark, length, &status);
        if (U_FAILURE(status)) { ulocdata_close(data); return -1; }
        used += written;
        if (i < 3) out[used++] = '\t';
    }
    out[used] = 0;
    ulocdata_close(data);
    return 0;
}
