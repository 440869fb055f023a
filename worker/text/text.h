/* worker/text/text.h -- umbrella header of the Unicode/UTF-8 text library
 * (libboxtext.a, link $(UNISTRING_LIBS) too): include this one to get
 * every part.
 *
 * Where each Python operation lives (str = internal UTF-8, see
 * text_utf8.h; all offsets are bytes, map them with text_utf8_count /
 * text_index_*):
 *   len, indexing, slicing        text_utf8_count, text_utf8_skip, text_index_*
 *   upper lower casefold title
 *   capitalize swapcase           text_case.h (bytes: text_bytes_upper ...)
 *   isalpha ... isidentifier      text_ctype.h (bytes: text_bytes_isalpha ...)
 *   int()/float() digits          text_cp_decimal, text_cp_isspace
 *   repr ascii, bytes repr        text_repr.h
 *   find rfind index count
 *   replace startswith endswith
 *   partition rpartition          text_search.h
 *   split rsplit splitlines       text_split.h
 *   strip expandtabs zfill
 *   center ljust rjust            text_pad.h
 *   encode decode                 text_codec.h (text_encode_named / _decode_named)
 *   unicodedata.*                 text_unidata.h
 *   tokenizer identifiers, \N{}   text_identifier_bad_offset, text_identifier_nfkc,
 *                                 text_ud_lookup_cp
 * Memory: text_set_allocator() once at start-up (text_buf.h). */
#ifndef BOX_TEXT_H
#define BOX_TEXT_H

#include "worker/text/text_buf.h"
#include "worker/text/text_utf8.h"
#include "worker/text/text_case.h"
#include "worker/text/text_ctype.h"
#include "worker/text/text_repr.h"
#include "worker/text/text_search.h"
#include "worker/text/text_split.h"
#include "worker/text/text_pad.h"
#include "worker/text/text_codec.h"
#include "worker/text/text_unidata.h"

#endif
