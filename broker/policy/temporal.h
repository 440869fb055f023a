/* temporal.h -- Dogwood's temporal sublanguage (dogwood.md 4.3-4.5): the
 * formulas inside `temporal { ... }`, parsed into trees, and their
 * evaluation over a history of events at a decision point.
 *
 * Lowering (dogwood.md 4.2): the parser turns each `temporal { phi }` of
 * rule i into the Cedar expression `context.policy_<i>__temporal_<k>` and
 * keeps phi as leaf k of rule i.  Before Cedar runs, the caller evaluates
 * every leaf the request's rules use (temporal_leaf_eval) and puts the
 * booleans into the request context under those keys.
 *
 * Values are json-c objects: event records, the request context and the
 * formulas' literals alike (an entity uid is {"__entity":{"type","id"}},
 * as Cedar's JSON writes it).  Evaluation follows the relational reading:
 * a condition denotes the set of variable bindings (rows) that satisfy it,
 * and is true when that set is not empty. */
#ifndef BOX_POLICY_TEMPORAL_H
#define BOX_POLICY_TEMPORAL_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "common/arena.h"

/* The longest window a rule may use (Strands Box: 24h, inclusive). */
#define TEMPORAL_MAX_WINDOW_S (24 * 3600)
/* The most variables one temporal block may declare. */
#define TEMPORAL_MAX_VARS 64

/* ---- formulas --------------------------------------------------------- */

enum tterm_kind {
	TT_LIT,         /* lit */
	TT_CONTEXT,     /* context.path... of the request being decided */
	TT_PRINCIPAL,   /* principal[.attr...] of the request */
	TT_RESOURCE,    /* resource[.attr...] */
	TT_WILD,        /* _ or * */
	TT_VAR,         /* var */
	TT_COUNT,       /* count for vars. where cond */
	TT_SUM,         /* sum var for vars. where cond */
};

struct tnode;

struct tterm {
	enum tterm_kind kind;
	json_object *lit;               /* TT_LIT (owned by the leaf set) */
	const char **path;              /* TT_CONTEXT/PRINCIPAL/RESOURCE */
	size_t npath;
	int var;                        /* TT_VAR; TT_SUM: the summed variable */
	int *group;                     /* TT_COUNT/TT_SUM: the for-list */
	size_t ngroup;
	struct tnode *where;
};

enum tcmp { TC_EQ, TC_NE, TC_LT, TC_LE, TC_GT, TC_GE };

struct tfield {
	const char **path;              /* input.user -> {"input","user"} */
	size_t npath;
	struct tterm *term;
};

enum tnode_kind {
	TN_AND,         /* a && b */
	TN_NOT,         /* !a */
	TN_SINCE,       /* a since within window b */
	TN_FORMERLY,    /* formerly within window a */
	TN_PREVIOUS,    /* previous within window a */
	TN_EXISTS,      /* exists (var: T). a */
	TN_TP,          /* tp(var) */
	TN_PRED,        /* Ns::Action::"id"::kind{fields} */
	TN_CMP,         /* lhs op rhs */
};

struct tnode {
	enum tnode_kind kind;
	struct tnode *a, *b;
	int64_t window_s;
	int var;
	/* TN_PRED */
	const char *action_type;        /* "Box::Action" */
	const char *action_id;          /* "fs:write" */
	const char *event_kind;         /* "request" */
	struct tfield *fields;
	size_t nfields;
	/* TN_CMP */
	enum tcmp op;
	struct tterm *lhs, *rhs;
};

/* One `temporal { }` block of a rule. */
struct temporal_leaf {
	struct tnode *root;
	const char **vars;              /* variable names, by index */
	size_t nvars;
	int rule;                       /* rule index, from 0 */
	int ordinal;                    /* k in policy_<rule>__temporal_<k> */
	char key[48];                   /* "policy_<rule>__temporal_<k>" */
	int64_t max_window_s;           /* the deepest window in the formula */
};

/* All the leaves of a policy set, and the json literals they own. */
struct temporal_set {
	struct temporal_leaf **leaves;
	size_t n, cap;
	json_object **owned;
	size_t nowned, capowned;
};

void temporal_set_free(struct temporal_set *);

/* Parse the text of one `temporal { ... }` block (without the braces) of
 * rule `rule`.  line/col: where the block's text starts in the file, for
 * messages.  Returns the new leaf (added to set), or NULL with a message
 * in err ("<line>:<col>: ..."). */
struct temporal_leaf *temporal_parse(struct temporal_set *, struct arena *, const char *text, size_t len,
                                     int rule, int line, int col, char *err, size_t errlen);

/* ---- history and evaluation -------------------------------------------- */

struct temporal_event {
	int64_t ts_s;                   /* seconds; nondecreasing along the history */
	const char *action_type;        /* "Box::Action" */
	const char *action_id;          /* "fs:write" */
	const char *kind;               /* "request", "response", "error" */
	json_object *record;            /* the logged fields: input, output, callerPrincipal, ... */
	int64_t seq;                    /* position in the box's history (from 1), 0 when not stored */
};

/* What a formula may read of the request being decided. */
struct temporal_request {
	json_object *context;           /* the Cedar context record */
	json_object *principal;         /* entity json, or NULL */
	json_object *resource;
	json_object *entities;          /* {"Type::\"id\"": {attrs}} for principal.attr, or NULL */
};

/* Evaluate leaf at decision point `now` (an index into events: the
 * decision event itself, already in the history).  Returns 1 or 0, or -1
 * with a message in err (a bound on work was exceeded). */
int temporal_leaf_eval(const struct temporal_leaf *, const struct temporal_event *events, size_t now,
                       const struct temporal_request *, char *err, size_t errlen);

/* How far back (seconds before the decision's stamp) evaluating leaf
 * reads: nested windows add up (`formerly within 1h (P && previous within
 * 1h Q)` reads 2h back), so this can exceed the leaf's max_window_s.
 * (temporal_monitor.c) */
int64_t temporal_leaf_reach_s(const struct temporal_leaf *);

/* 1 and *out (NULL for a JSON null) when the path exists in o. */
int temporal_json_path(json_object *o, const char *const *path, size_t n, json_object **out);
/* 1 and *out when the request has the value of term t (TT_CONTEXT,
 * TT_PRINCIPAL, TT_RESOURCE), as a predicate pinned to it compares it. */
int temporal_request_value(const struct temporal_request *, const struct tterm *t, json_object **out);

/* Answers a monitor gives for parts of a leaf at the decision point
 * (never at an earlier time point).  node: 1 / 0 (the node holds / does
 * not hold, for a node without variables), or anything else to let the
 * evaluator scan.  term: 1 and *value for an aggregate it knows, anything
 * else to let the evaluator compute it. */
struct temporal_hooks {
	void *ud;
	int (*node)(void *ud, const struct tnode *, const struct temporal_request *);
	int (*term)(void *ud, const struct tterm *, const struct temporal_request *, int64_t *value);
};

/* temporal_leaf_eval with hooks (NULL: none), where events[0] is time
 * point tp_base of the history the leaf sees (events before it were
 * pruned: the evaluator never reaches them). */
int temporal_leaf_eval_ex(const struct temporal_leaf *, const struct temporal_event *events, size_t now,
                          int64_t tp_base, const struct temporal_hooks *hooks,
                          const struct temporal_request *, char *err, size_t errlen);

#endif
