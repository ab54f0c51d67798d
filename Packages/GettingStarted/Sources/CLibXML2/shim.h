#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>

#endif
