/* ast.h -- parsed policies: expression trees (after Cedar's desugarings:
 * `!=`, `>`, `>=`, extended `has`, `is .. in`), rules with their scope and
 * annotations, and the policy set. */
#ifndef BOX_POLICY_AST_H
#define BOX_POLICY_AST_H

#include <stddef.h>
#include <stdint.h>

#include "broker/policy/unescape.h"
#include "broker/policy/value.h"

enum ex {
	X_LIT, X_VAR, X_AND, X_OR, X_NOT, X_NEG, X_IF,
	X_EQ, X_LT, X_LE, X_ADD, X_SUB, X_MUL,
	X_IN, X_HAS, X_ATTR, X_LIKE, X_IS, X_SET, X_RECORD,
	X_EXTFN,        /* ip("..") etc: name, items */
	X_METHOD,       /* extension method: a = receiver, b = argument (or NULL) */
	X_CONTAINS, X_CONTAINS_ALL, X_CONTAINS_ANY, X_IS_EMPTY, X_GET_TAG, X_HAS_TAG,
};

enum var { VAR_PRINCIPAL, VAR_ACTION, VAR_RESOURCE, VAR_CONTEXT };

struct expr {
	enum ex kind;
	int line, col;
	struct expr *a, *b, *c;
	struct expr **items;            /* set elements, record values, call args */
	struct str *keys;               /* record keys */
	size_t n;
	struct str name;                /* attribute / type path / function name */
	const struct value *lit;        /* X_LIT */
	struct pattern pat;             /* X_LIKE */
	int var;                        /* X_VAR */
	int fn;                         /* X_EXTFN: value kind built */
	int height;                     /* of the subtree (bounded by the parser) */
};

struct annotation {
	struct str key, val;
};

enum scope_op { SCOPE_ANY, SCOPE_EQ, SCOPE_IN, SCOPE_IS, SCOPE_IS_IN };

struct scope {
	enum scope_op op;
	struct str type;                        /* SCOPE_IS / SCOPE_IS_IN */
	const struct value **uids;              /* EQ/IN target(s); action `in [..]` lists */
	size_t nuids;
	int is_list;                            /* action in [..] */
};

struct clause {
	int when;                               /* 1 when, 0 unless */
	struct expr *body;
};

struct rule {
	int permit;                             /* 1 permit, 0 forbid */
	int index;                              /* position in the set, from 0 */
	int line, col;
	struct annotation *ann;
	size_t nann;
	struct scope principal, action, resource;
	struct clause *clauses;
	size_t nclauses;
	struct expr *cond;                      /* scope && when.. && !unless.. */
	const char *id;                         /* @id value, NUL-terminated, or NULL */
	const char *description;                /* @description, or NULL */
	uint8_t fingerprint[32];                /* SHA-256 of its tokens after macro expansion */
};

struct policy_set {
	struct rule *rules;
	size_t n;
};

/* Parse a whole policy file.  name is used in messages
 * ("<name>:<line>:<col>: ..."). Memory comes from the arena. */
int parse_policy_set(struct arena *, const char *text, size_t len, const char *name,
                     struct policy_set *out, char *err, size_t errlen);

/* The same, with Dogwood's temporal blocks: each `temporal { phi }` becomes
 * a leaf in *temporal (temporal.h) and, in the rule, the Cedar expression
 * context.policy_<i>__temporal_<k>.  parse_policy_set refuses them. */
struct temporal_set;
int parse_policy_set_temporal(struct arena *, const char *text, size_t len, const char *name,
                              struct temporal_set *temporal, struct policy_set *out, char *err, size_t errlen);

#endif
