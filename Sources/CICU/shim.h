#include <unicode/utypes.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/unum.h>
#include <unicode/uenum.h>
#include <unicode/ustring.h>
