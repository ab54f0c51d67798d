#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

// Debian builds libxml2 with ICU, so its encoding header pulls in the system's ICU headers. The Swift toolchain's
// Foundation carries its own, newer ICU headers (`_FoundationICU`), and a module that sees both fails to build with
// "UErrorCode ... is not present in definition". Nothing here uses libxml2's ICU converter fields (they only appear
// inside xmlCharEncodingHandler, which this project never touches by value), so the ICU part is left out.
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>

#endif
