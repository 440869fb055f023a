/* codec.c -- Cedar JSON value encoding (dogwood.md 2; integration-test
 * README "value encoding"), typed by a schema when one is given. */
#include "broker/policy/codec.h"

#include <stdio.h>
#include <string.h>

#include "broker/policy/ext.h"

enum { MAX_JSON_DEPTH = 64 };

static const struct value *conv(struct arena *a, const struct jnode *j, const struct schema *s,
                                const struct stype *t, char *err, size_t errlen, int depth);

const struct value *json_to_uid(struct arena *a, const struct jnode *j, char *err, size_t errlen)
{
	const struct jnode *inner, *type, *id;
	if (j == NULL || j->t != J_OBJECT) {
		snprintf(err, errlen, "an entity uid must be an object {\"type\":..,\"id\":..}");
		return NULL;
	}
	if ((inner = jget(j, "__entity")) != NULL)
		j = inner;
	type = jget(j, "type");
	id = jget(j, "id");
	if (type == NULL || type->t != J_STRING || id == NULL || id->t != J_STRING) {
		snprintf(err, errlen, "an entity uid needs string fields \"type\" and \"id\"");
		return NULL;
	}
	return value_entity(a, type->s, id->s);
}

static const struct value *conv_extn(struct arena *a, const struct jnode *ex, const struct schema *s,
                                     char *err, size_t errlen, int depth)
{
	static const struct stype dt = { .k = ST_EXT, .ext = V_DATETIME };
	static const struct stype du = { .k = ST_EXT, .ext = V_DURATION };
	const struct jnode *fn = jget(ex, "fn"), *arg = jget(ex, "arg"), *args = jget(ex, "args");
	if (fn == NULL || fn->t != J_STRING) {
		snprintf(err, errlen, "__extn needs a string \"fn\"");
		return NULL;
	}
	if (str_eq(fn->s, str_c("offset")) && args && args->t == J_ARRAY && args->n == 2) {
		const struct value *d = conv(a, args->items[0], s, &dt, err, errlen, depth + 1);
		const struct value *o = d ? conv(a, args->items[1], s, &du, err, errlen, depth + 1) : NULL;
		if (o == NULL)
			return NULL;
		return ext_method(a, str_c("offset"), d, o, err, errlen);
	}
	int kind = ext_constructor_kind(fn->s);
	if (kind < 0) {
		snprintf(err, errlen, "unknown extension function \"%.*s\"", (int)fn->s.n, fn->s.p);
		return NULL;
	}
	if (arg == NULL && args && args->t == J_ARRAY && args->n == 1)
		arg = args->items[0];
	if (arg == NULL) {
		snprintf(err, errlen, "__extn needs \"arg\"");
		return NULL;
	}
	if (arg->t == J_OBJECT)
		return conv(a, arg, s, NULL, err, errlen, depth + 1);
	if (arg->t != J_STRING) {
		snprintf(err, errlen, "__extn \"arg\" must be a string");
		return NULL;
	}
	const struct value *sv = value_string(a, arg->s.p, arg->s.n);
	return ext_construct(a, kind, sv, err, errlen);
}

static const struct value *conv_record(struct arena *a, const struct jnode *j, const struct schema *s,
                                       const struct stype *t, char *err, size_t errlen, int depth)
{
	struct rec_entry *e = arena_array(a, j->n, sizeof *e);
	size_t k = 0;
	for (size_t i = 0; i < j->n; i++) {
		int dup = 0;
		for (size_t m = 0; m < k && !dup; m++)
			if (str_eq(e[m].key, j->keys[i])) {
				dup = 1;        /* the last duplicate wins */
				const struct sfield *f = stype_field(t, j->keys[i]);
				if ((e[m].val = conv(a, j->items[i], s, f ? f->type : NULL, err, errlen, depth + 1)) == NULL)
					return NULL;
			}
		if (dup)
			continue;
		const struct sfield *f = stype_field(t, j->keys[i]);
		e[k].key = j->keys[i];
		if ((e[k].val = conv(a, j->items[i], s, f ? f->type : NULL, err, errlen, depth + 1)) == NULL)
			return NULL;
		k++;
	}
	return value_record(a, e, k);
}

static const struct value *conv(struct arena *a, const struct jnode *j, const struct schema *s,
                                const struct stype *t, char *err, size_t errlen, int depth)
{
	struct stype scratch;
	if (depth > MAX_JSON_DEPTH) {
		snprintf(err, errlen, "JSON value nested too deeply");
		return NULL;
	}
	t = schema_resolve(s, t, &scratch);
	enum stype_kind k = t ? t->k : ST_UNKNOWN;
	const struct jnode *x;
	switch (j->t) {
	case J_BOOL:
		return value_bool(j->b);
	case J_INT:
		return value_long(a, j->i);
	case J_STRING:
		if (k == ST_EXT)
			return ext_construct(a, t->ext, value_string(a, j->s.p, j->s.n), err, errlen);
		if (k == ST_ENTITY && t->enum_from_string)
			return value_entity(a, t->name, j->s);
		return value_string(a, j->s.p, j->s.n);
	case J_ARRAY: {
		const struct value **v = arena_array(a, j->n, sizeof *v);
		const struct stype *elem = k == ST_SET ? t->elem : NULL;
		for (size_t i = 0; i < j->n; i++)
			if ((v[i] = conv(a, j->items[i], s, elem, err, errlen, depth + 1)) == NULL)
				return NULL;
		return value_set(a, v, j->n);
	}
	case J_OBJECT:
		if (j->n == 1 && (x = jget(j, "__extn")) != NULL)
			return conv_extn(a, x, s, err, errlen, depth);
		if (j->n == 1 && (x = jget(j, "__entity")) != NULL)
			return json_to_uid(a, x, err, errlen);
		if (k == ST_ENTITY)
			return json_to_uid(a, j, err, errlen);
		if (k == ST_EXT && jget(j, "fn"))
			return conv_extn(a, j, s, err, errlen, depth);
		return conv_record(a, j, s, k == ST_RECORD ? t : NULL, err, errlen, depth);
	case J_NULL:
		snprintf(err, errlen, "null is not a Cedar value");
		return NULL;
	case J_DOUBLE:
		snprintf(err, errlen, "only integers in the signed 64-bit range are Cedar numbers");
		return NULL;
	}
	snprintf(err, errlen, "unsupported JSON value");
	return NULL;
}

const struct value *json_to_value(struct arena *a, const struct jnode *j, const struct schema *s,
                                  const struct stype *type, char *err, size_t errlen)
{
	err[0] = 0;
	return conv(a, j, s, type, err, errlen, 0);
}

const struct value *context_from_json(struct arena *a, const struct jnode *j, const struct schema *s,
                                      const struct value *action, char *err, size_t errlen)
{
	const struct saction *ac = action ? schema_action(s, action->u.e.type, action->u.e.id) : NULL;
	err[0] = 0;
	if (j == NULL)
		return value_record(a, NULL, 0);
	if (j->t != J_OBJECT) {
		snprintf(err, errlen, "context must be a JSON object");
		return NULL;
	}
	return conv(a, j, s, ac ? ac->context : NULL, err, errlen, 0);
}

int entities_from_json(struct entity_store *es, struct arena *a, const struct jnode *arr,
                       const struct schema *s, char *err, size_t errlen)
{
	if (arr == NULL || arr->t != J_ARRAY) {
		snprintf(err, errlen, "entities must be a JSON array");
		return -1;
	}
	for (size_t i = 0; i < arr->n; i++) {
		const struct jnode *o = arr->items[i], *uid, *attrs, *parents, *tags;
		struct entity e;
		memset(&e, 0, sizeof e);
		if (o->t != J_OBJECT || (uid = jget(o, "uid")) == NULL) {
			snprintf(err, errlen, "entity %zu has no \"uid\"", i);
			return -1;
		}
		if ((e.uid = json_to_uid(a, uid, err, errlen)) == NULL)
			return -1;
		const struct sentity *se = schema_entity(s, e.uid->u.e.type);
		if ((attrs = jget(o, "attrs")) != NULL) {
			if (attrs->t != J_OBJECT) {
				snprintf(err, errlen, "entity %zu: attrs must be an object", i);
				return -1;
			}
			static const struct stype untyped_record = { .k = ST_RECORD };
			e.attrs = json_to_value(a, attrs, s, se && se->attrs ? se->attrs : &untyped_record,
			                        err, errlen);
			if (e.attrs == NULL)
				return -1;
		}
		if ((tags = jget(o, "tags")) != NULL && tags->t == J_OBJECT) {
			struct rec_entry *te = arena_array(a, tags->n, sizeof *te);
			for (size_t k = 0; k < tags->n; k++) {
				te[k].key = tags->keys[k];
				te[k].val = json_to_value(a, tags->items[k], s, se ? se->tags : NULL, err, errlen);
				if (te[k].val == NULL)
					return -1;
			}
			if ((e.tags = value_record(a, te, tags->n)) == NULL) {
				snprintf(err, errlen, "entity %zu: duplicate tag", i);
				return -1;
			}
		}
		if ((parents = jget(o, "parents")) != NULL) {
			if (parents->t != J_ARRAY) {
				snprintf(err, errlen, "entity %zu: parents must be an array", i);
				return -1;
			}
			e.parents = arena_array(a, parents->n, sizeof *e.parents);
			for (size_t k = 0; k < parents->n; k++)
				if ((e.parents[k] = json_to_uid(a, parents->items[k], err, errlen)) == NULL)
					return -1;
			e.nparents = parents->n;
		}
		if (entity_store_add(es, &e) != 0) {
			char buf[128];
			value_render(e.uid, buf, sizeof buf);
			snprintf(err, errlen, "duplicate entity %s", buf);
			return -1;
		}
	}
	entity_store_close(es, a);
	return 0;
}
