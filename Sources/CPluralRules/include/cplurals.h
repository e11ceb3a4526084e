#ifndef PRIMER_CPLURALS_H
#define PRIMER_CPLURALS_H

/// CLDR plural rules through the system's ICU (libicu-dev).
/// Writes the category ("one", "few", …) of `number` (a decimal such as "21", "1.0", "0.25";
/// trailing zeros count, as in CLDR's `v` operand) into `out`. Returns 0, or -1 on error.
int primer_plural_category(const char *locale, const char *number, char *out, int capacity);

/// Writes the locale's categories, space-separated, into `out`. Returns 0, or -1 on error.
int primer_plural_categories(const char *locale, char *out, int capacity);

/// Writes CLDR's rule for `category` in `locale`, samples included
/// ("i = 1 and v = 0 @integer 1 @decimal …"), from ICU's plurals data. Returns 0, or -1 when none.
int primer_plural_rule_source(const char *locale, const char *category, char *out, int capacity);

/// Writes the locale's quotation marks from CLDR, tab-separated: open, close, inner open, inner
/// close ("«\t»\t„\t“" for ru). Returns 0, or -1 on error.
int primer_quotation_marks(const char *locale, char *out, int capacity);

#endif
