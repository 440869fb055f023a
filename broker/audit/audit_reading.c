/* broker/audit/audit_reading.c -- a rule in plain words, for the reviewer:
 *   allows fs:read when path is ~/src/project or matches ~/src/project/<star>
 *   forbids fs:read and fs:write when path matches ~/.ssh/<star>
 *   forbids fs:write when, within the last 1h, more than 20 fs:write requests were made
 * (<star> standing for the wildcard).  A `temporal { }` block, lowered to
 * context.policy_<i>__temporal_<k>, reads as its formula's words
 * (broker/policy/temporal_describe.c).
 * `context.input.X` reads as X, Box enum values as their id, actions as
 * their bare name; `!`, `!=`, `>` and `>=` read as negated comparisons.
 * Long readings are cut at READING_MAX bytes with "...". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "broker/audit/audit_int.h"
#include "broker/policy/ast.h"
#include "broker/policy/box_schema.h"
#include "broker/policy/temporal.h"
#include "broker/policy/temporal_describe.h"

enum { READING_MAX = 8192 };

struct words {
  char *p;
  size_t n, cap;
  int cut;
  const struct temporal_set *temporal;  /* the policy's leaves, or NULL */
  const struct rule *rule;
};

static void put(struct words *w, const char *s, size_t n)
{
  if (w->cut)
    return;
  if (w->n + n > READING_MAX) {
    n = READING_MAX - w->n;
    w->cut = 1;
  }
  if (w->n + n + 4 > w->cap) {
    size_t ncap = w->cap ? w->cap : 256;
    while (ncap < w->n + n + 4)
      ncap *= 2;
    w->p = realloc(w->p, ncap);
    if (w->p == NULL)
      abort();
    w->cap = ncap;
  }
  memcpy(w->p + w->n, s, n);
  w->n += n;
  if (w->cut) {
    memcpy(w->p + w->n, "...", 3);
    w->n += 3;
  }
  w->p[w->n] = '\0';
}

static void puts_w(struct words *w, const char *s)
{
  put(w, s, strlen(s));
}

/* A string shown bare when it reads unambiguously, else quoted. */
static int plain_string(struct str s)
{
  if (s.n == 0)
    return 0;
  for (size_t i = 0; i < s.n; i++) {
    unsigned char c = (unsigned char)s.p[i];
    if (c <= ' ' || c == '"' || c == '\\' || c == 0x7f || c == ',' || c == '(' || c == ')')
      return 0;
  }
  return 1;
}

static int is_box_enum(struct str type)
{
  static const char prefix[] = "Box::Fs";
  return type.n > sizeof prefix - 1 && memcmp(type.p, prefix, sizeof prefix - 1) == 0;
}

static void value_words(struct words *w, const struct value *v)
{
  char buf[600];

  switch (v->kind) {
  case V_STRING:
    if (plain_string(v->u.s)) {
      put(w, v->u.s.p, v->u.s.n);
      return;
    }
    break;
  case V_ENTITY:
    if (str_eq(v->u.e.type, str_c(BOX_ACTION_TYPE)) || is_box_enum(v->u.e.type)) {
      put(w, v->u.e.id.p, v->u.e.id.n);
      return;
    }
    break;
  case V_SET:
    for (size_t i = 0; i < v->u.set.n; i++) {
      if (i > 0)
        puts_w(w, i + 1 == v->u.set.n ? " or " : ", ");
      value_words(w, v->u.set.v[i]);
    }
    if (v->u.set.n == 0)
      puts_w(w, "nothing");
    return;
  default:
    break;
  }
  value_render(v, buf, sizeof buf);
  puts_w(w, buf);
}

static void pattern_words(struct words *w, const struct pattern *p)
{
  char c[2] = { 0, 0 };
  for (size_t i = 0; i < p->n; i++) {
    if (p->el[i] == PATTERN_WILDCARD) {
      puts_w(w, "*");
    } else if (p->el[i] == '*') {
      puts_w(w, "\\*");
    } else {
      c[0] = (char)p->el[i];
      put(w, c, 1);
    }
  }
}

static int is_context_input(const struct expr *e)
{
  return e->kind == X_ATTR && e->a->kind == X_VAR && e->a->var == VAR_CONTEXT &&
         str_eq(e->name, str_c("input"));
}

static void expr_words(struct words *w, const struct expr *e, int parent);

/* Child of a connective: parenthesized when it is another connective. */
static void operand(struct words *w, const struct expr *e, enum ex parent)
{
  int paren = (e->kind == X_AND || e->kind == X_OR || e->kind == X_IF) && e->kind != parent;
  if (paren)
    puts_w(w, "(");
  expr_words(w, e, (int)parent);
  if (paren)
    puts_w(w, ")");
}

static void binary(struct words *w, const struct expr *e, const char *op)
{
  expr_words(w, e->a, (int)e->kind);
  puts_w(w, op);
  expr_words(w, e->b, (int)e->kind);
}

static void negation(struct words *w, const struct expr *x)
{
  switch (x->kind) {
  case X_EQ:
    binary(w, x, " is not ");
    return;
  case X_LIKE:
    expr_words(w, x->a, X_LIKE);
    puts_w(w, " does not match ");
    pattern_words(w, &x->pat);
    return;
  case X_LT:
    binary(w, x, " >= ");
    return;
  case X_LE:
    binary(w, x, " > ");
    return;
  case X_HAS:
    if (is_context_input(x->a)) {
      put(w, x->name.p, x->name.n);
      puts_w(w, " is absent");
      return;
    }
    break;
  case X_CONTAINS:
    if (x->a->kind == X_LIT) {
      expr_words(w, x->b, X_CONTAINS);
      puts_w(w, " is not one of ");
      expr_words(w, x->a, X_CONTAINS);
      return;
    }
    break;
  default:
    break;
  }
  puts_w(w, "not (");
  expr_words(w, x, X_NOT);
  puts_w(w, ")");
}

static void call_words(struct words *w, const struct expr *e)
{
  put(w, e->name.p, e->name.n);
  puts_w(w, "(");
  for (size_t i = 0; e->items && i < e->n; i++) {
    if (i > 0)
      puts_w(w, ", ");
    expr_words(w, e->items[i], X_EXTFN);
  }
  puts_w(w, ")");
}

/* context.policy_<i>__temporal_<k>: the leaf's formula in words. */
static const struct temporal_leaf *leaf_of(const struct words *w, const struct expr *e)
{
  if (w->temporal == NULL || e->kind != X_ATTR || e->a->kind != X_VAR || e->a->var != VAR_CONTEXT)
    return NULL;
  for (size_t i = 0; i < w->temporal->n; i++) {
    const struct temporal_leaf *l = w->temporal->leaves[i];
    if (strlen(l->key) == e->name.n && memcmp(l->key, e->name.p, e->name.n) == 0)
      return l;
  }
  return NULL;
}

static int temporal_words(struct words *w, const struct expr *e)
{
  const struct temporal_leaf *l = leaf_of(w, e);
  char *text;

  if (l == NULL)
    return 0;
  text = temporal_describe(l, box_rule_actions(w->rule));
  /* "when, within the last 1h, ..." */
  if (strncmp(text, "within ", 7) == 0 && w->n >= 7 && !w->cut &&
      (strcmp(w->p + w->n - 5, "when ") == 0 || strcmp(w->p + w->n - 7, "unless ") == 0)) {
    w->n--;
    puts_w(w, ", ");
  }
  puts_w(w, text);
  free(text);
  return 1;
}

static void expr_words(struct words *w, const struct expr *e, int parent)
{
  (void)parent;
  switch (e->kind) {
  case X_LIT:
    value_words(w, e->lit);
    return;
  case X_VAR:
    puts_w(w, e->var == VAR_PRINCIPAL ? "principal" : e->var == VAR_ACTION ? "action"
                                      : e->var == VAR_RESOURCE             ? "resource" : "context");
    return;
  case X_AND:
  case X_OR:
    operand(w, e->a, e->kind);
    puts_w(w, e->kind == X_AND ? " and " : " or ");
    operand(w, e->b, e->kind);
    return;
  case X_NOT:
    negation(w, e->a);
    return;
  case X_NEG:
    puts_w(w, "-");
    expr_words(w, e->a, X_NEG);
    return;
  case X_IF:
    puts_w(w, "if ");
    expr_words(w, e->a, X_IF);
    puts_w(w, " then ");
    expr_words(w, e->b, X_IF);
    puts_w(w, " else ");
    expr_words(w, e->c, X_IF);
    return;
  case X_EQ:
    if (e->a->kind == X_VAR && e->a->var == VAR_ACTION && e->b->kind == X_LIT) {
      puts_w(w, "action is ");
      value_words(w, e->b->lit);
      return;
    }
    binary(w, e, " is ");
    return;
  case X_LT: binary(w, e, " < "); return;
  case X_LE: binary(w, e, " <= "); return;
  case X_ADD: binary(w, e, " + "); return;
  case X_SUB: binary(w, e, " - "); return;
  case X_MUL: binary(w, e, " * "); return;
  case X_IN:
    binary(w, e, e->b->kind == X_LIT && e->b->lit->kind == V_SET ? " is one of " : " is in ");
    return;
  case X_HAS:
    if (is_context_input(e->a)) {
      put(w, e->name.p, e->name.n);
      puts_w(w, " is present");
      return;
    }
    expr_words(w, e->a, X_HAS);
    puts_w(w, " has ");
    put(w, e->name.p, e->name.n);
    return;
  case X_ATTR:
    if (temporal_words(w, e))
      return;
    if (is_context_input(e->a)) {
      put(w, e->name.p, e->name.n);
      return;
    }
    if (is_context_input(e)) {
      puts_w(w, "the request");
      return;
    }
    expr_words(w, e->a, X_ATTR);
    puts_w(w, ".");
    put(w, e->name.p, e->name.n);
    return;
  case X_LIKE:
    expr_words(w, e->a, X_LIKE);
    puts_w(w, " matches ");
    pattern_words(w, &e->pat);
    return;
  case X_IS:
    expr_words(w, e->a, X_IS);
    puts_w(w, " is a ");
    put(w, e->name.p, e->name.n);
    return;
  case X_SET:
    puts_w(w, "[");
    for (size_t i = 0; e->items && i < e->n; i++) {
      if (i > 0)
        puts_w(w, ", ");
      expr_words(w, e->items[i], X_SET);
    }
    puts_w(w, "]");
    return;
  case X_RECORD:
    puts_w(w, "{");
    for (size_t i = 0; e->items && i < e->n; i++) {
      if (i > 0)
        puts_w(w, ", ");
      put(w, e->keys[i].p, e->keys[i].n);
      puts_w(w, ": ");
      expr_words(w, e->items[i], X_RECORD);
    }
    puts_w(w, "}");
    return;
  case X_EXTFN:
    call_words(w, e);
    return;
  case X_METHOD:
    expr_words(w, e->a, X_METHOD);
    puts_w(w, ".");
    put(w, e->name.p, e->name.n);
    puts_w(w, "(");
    if (e->b)
      expr_words(w, e->b, X_METHOD);
    puts_w(w, ")");
    return;
  case X_CONTAINS:
    if (e->a->kind == X_LIT) {
      expr_words(w, e->b, X_CONTAINS);
      puts_w(w, " is one of ");
      expr_words(w, e->a, X_CONTAINS);
      return;
    }
    binary(w, e, " contains ");
    return;
  case X_CONTAINS_ALL: binary(w, e, " contains all of "); return;
  case X_CONTAINS_ANY: binary(w, e, " contains any of "); return;
  case X_IS_EMPTY:
    expr_words(w, e->a, X_IS_EMPTY);
    puts_w(w, " is empty");
    return;
  case X_GET_TAG:
    expr_words(w, e->a, X_GET_TAG);
    puts_w(w, " tag ");
    expr_words(w, e->b, X_GET_TAG);
    return;
  case X_HAS_TAG:
    expr_words(w, e->a, X_HAS_TAG);
    puts_w(w, " has tag ");
    expr_words(w, e->b, X_HAS_TAG);
    return;
  }
}

static void action_words(struct words *w, const struct rule *r)
{
  unsigned mask = box_rule_actions(r);
  int total = 0, k = 0;

  if (r->action.op == SCOPE_ANY) {
    puts_w(w, "every action");
    return;
  }
  for (int a = 0; a < BOX_NACTIONS; a++)
    total += (mask >> a) & 1;
  for (int a = 0; a < BOX_NACTIONS; a++) {
    if (!(mask & (1u << a)))
      continue;
    k++;
    if (k > 1)
      puts_w(w, k == total ? " and " : ", ");
    puts_w(w, box_actions[a].name);
  }
  if (total == 0)
    puts_w(w, "no action");
}

char *audit_rule_reading(const struct rule *r, const struct temporal_set *temporal)
{
  struct words w = { NULL, 0, 0, 0, temporal, r };

  puts_w(&w, r->permit ? "allows " : "forbids ");
  action_words(&w, r);
  for (size_t i = 0; i < r->nclauses; i++) {
    const struct expr *body = r->clauses[i].body;
    puts_w(&w, i == 0 ? (r->clauses[i].when ? " when " : " unless ")
                      : (r->clauses[i].when ? ", and when " : ", and unless "));
    expr_words(&w, body, X_AND);
  }
  if (r->nclauses == 0)
    puts_w(&w, ", always");
  return w.p;
}
