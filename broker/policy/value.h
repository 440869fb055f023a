/* value.h -- Cedar runtime values: Bool, Long, String, entity uid, Set,
 * Record and the extension types decimal, ipaddr, datetime, duration.
 * Values are immutable and live in an arena (arena.h); strings carry a
 * length and may hold NUL bytes. */
#ifndef BOX_POLICY_VALUE_H
#define BOX_POLICY_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "common/arena.h"

struct str {
	const char *p;
	size_t n;
};

enum vkind {
	V_BOOL, V_LONG, V_STRING, V_ENTITY, V_SET, V_RECORD,
	V_DECIMAL, V_IPADDR, V_DATETIME, V_DURATION,
};

struct value;

struct rec_entry {
	struct str key;
	const struct value *val;
};

struct ipaddr {
	uint8_t addr[16];       /* IPv4 in the first 4 bytes */
	uint8_t v6;             /* 1 for IPv6 */
	uint8_t prefix;         /* prefix length (32/128 when absent) */
};

struct value {
	enum vkind kind;
	union {
		int b;
		int64_t l;              /* Long; decimal x 10^4; datetime/duration ms */
		struct str s;
		struct { struct str type, id; } e;
		struct { const struct value **v; size_t n; } set;
		struct { struct rec_entry *e; size_t n; } rec;     /* sorted by key */
		struct ipaddr ip;
	} u;
};

extern const struct value value_true, value_false;

static inline const struct value *value_bool(int b) { return b ? &value_true : &value_false; }
const struct value *value_long(struct arena *, int64_t);
const struct value *value_string(struct arena *, const char *p, size_t n); /* copies */
const struct value *value_entity(struct arena *, struct str type, struct str id); /* copies */
const struct value *value_ext(struct arena *, enum vkind, int64_t);
const struct value *value_ip(struct arena *, const struct ipaddr *);
/* Takes ownership of v[] (arena memory); deduplicates in place. */
const struct value *value_set(struct arena *, const struct value **v, size_t n);
/* Takes ownership of e[]; sorts; returns NULL on a duplicate key. */
const struct value *value_record(struct arena *, struct rec_entry *e, size_t n);

int str_eq(struct str a, struct str b);
int str_cmp(struct str a, struct str b);
static inline struct str str_c(const char *s)
{
	struct str r = { s, 0 };
	while (s[r.n])
		r.n++;
	return r;
}

int value_equal(const struct value *, const struct value *);
const struct value *record_get(const struct value *rec, struct str key);
int set_contains(const struct value *set, const struct value *v);
const char *vkind_name(enum vkind);

/* Cedar-like rendering for messages (bounded: writes at most cap bytes). */
size_t value_render(const struct value *, char *buf, size_t cap);
size_t entity_render(struct str type, struct str id, char *buf, size_t cap);

#endif
