/* worker/modules/json/json_mod.c -- _box_json, the internal C half of the json
 * module: the scanner (json_decode.c) and the encoder (json_encode.c) as
 * functions the frozen json.py calls. */
#include "config.h"

#include "worker/modules/registry.h"
#include "worker/modules/json/json_mod.h"

bool mod__box_json_init(Dict *d)
{
	module_add_fn(d, "scan", json_mod_scan);
	module_add_fn(d, "scanstring", json_mod_scanstring);
	module_add_fn(d, "encode", json_mod_encode);
	module_add_fn(d, "encode_basestring", json_mod_escape);
	module_add_fn(d, "encode_basestring_ascii", json_mod_escape_ascii);
	return !err_occurred();
}
