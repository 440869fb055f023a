/* json.h -- a small JSON reader producing an arena tree.  Unlike json-c it
 * keeps NUL bytes in object keys (the Cedar corpus uses keys like
 * "\u0000"), so Cedar values built from it are exact.  json-c objects (the
 * broker's currency) convert into the same tree. */
#ifndef BOX_POLICY_JSON_H
#define BOX_POLICY_JSON_H

#include <stdint.h>

#include <json-c/json.h>

#include "broker/policy/value.h"

enum jtype { J_NULL, J_BOOL, J_INT, J_DOUBLE, J_STRING, J_ARRAY, J_OBJECT };

struct jnode {
	enum jtype t;
	int b;
	int64_t i;
	struct str s;                   /* J_STRING */
	struct jnode **items;           /* J_ARRAY elements, J_OBJECT values */
	struct str *keys;               /* J_OBJECT keys */
	size_t n;
};

struct jnode *json_parse(struct arena *, const char *text, size_t len, char *err, size_t errlen);
struct jnode *json_from_c(struct arena *, json_object *);
/* Object member by key (last one wins, as in most JSON readers); NULL if absent. */
const struct jnode *jget(const struct jnode *obj, const char *key);

#endif
