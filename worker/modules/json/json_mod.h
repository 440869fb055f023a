/* worker/modules/json/json_mod.h -- the C half of the json module (_box_json):
 * the decoder (json_decode.c: scanner events -> objects) and the encoder
 * (json_encode.c: objects -> text), which the frozen json.py builds on. */
#ifndef BOX_WORKER_MODULES_JSON_MOD_H
#define BOX_WORKER_MODULES_JSON_MOD_H

#include "worker/runtime/runtime.h"

/* _box_json.scan(s, idx, whole, strict, object_hook, object_pairs_hook,
 *                parse_float, parse_int, parse_constant, errcls)
 * whole: json.loads's document rule (whitespace around one value, "Extra
 * data"); returns the value.  Otherwise JSONDecoder.raw_decode(s, idx):
 * returns (value, end).  Hooks are None for the defaults; errcls is
 * JSONDecodeError, called as errcls(msg, s, pos). */
Value json_mod_scan(Value self, const Value *args, size_t nargs, Tuple *kwnames);

/* _box_json.scanstring(s, end, strict=True) -> (str, end) */
Value json_mod_scanstring(Value self, const Value *args, size_t nargs, Tuple *kwnames);

/* _box_json.encode(o, skipkeys, ensure_ascii, check_circular, allow_nan,
 *                  sort_keys, indent, key_separator, item_separator,
 *                  default, python_encoder) -> str
 * indent is None or a str; python_encoder selects the texts of CPython's
 * pure-Python encoder (used there with indent or by iterencode). */
Value json_mod_encode(Value self, const Value *args, size_t nargs, Tuple *kwnames);

/* _box_json.encode_basestring(s) / encode_basestring_ascii(s) */
Value json_mod_escape(Value self, const Value *args, size_t nargs, Tuple *kwnames);
Value json_mod_escape_ascii(Value self, const Value *args, size_t nargs, Tuple *kwnames);

#endif
