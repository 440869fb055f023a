/* schema.h -- Cedar schema types and a reader for the human-readable
 * `.cedarschema` syntax (namespaces, entity types with attributes / tags /
 * enums, actions with appliesTo context, common types).  Used to type JSON
 * values (schema-directed parsing of entities and contexts); Box's own
 * action schema is built from the same structures (box_schema.c). */
#ifndef BOX_POLICY_SCHEMA_H
#define BOX_POLICY_SCHEMA_H

#include <stddef.h>

#include "broker/policy/value.h"

enum stype_kind {
	ST_UNKNOWN, ST_BOOL, ST_LONG, ST_STRING, ST_ENTITY, ST_SET, ST_RECORD, ST_EXT,
	ST_NAME,        /* unresolved name (resolved lazily through the schema) */
};

struct sfield;

struct stype {
	enum stype_kind k;
	int ext;                        /* ST_EXT: V_DECIMAL ... */
	struct str name;                /* ST_ENTITY: type; ST_NAME: name as written */
	struct str ns;                  /* ST_NAME: namespace it was written in */
	const struct stype *elem;       /* ST_SET */
	struct sfield *fields;          /* ST_RECORD */
	size_t nfields;
	int enum_from_string;           /* ST_ENTITY: a JSON string is an enum id */
};

struct sfield {
	struct str name;
	int optional;
	const struct stype *type;
};

struct sentity {
	struct str name;                /* fully qualified */
	const struct stype *attrs;      /* record or NULL */
	const struct stype *tags;       /* or NULL */
	struct str *enum_ids;           /* enumerated ids (NULL if not an enum) */
	size_t nenum;
};

struct saction {
	struct str type;                /* e.g. "Box::Action" */
	struct str id;
	const struct stype *context;    /* record or NULL */
};

struct stypedef {
	struct str name;                /* fully qualified */
	const struct stype *type;
};

struct schema {
	struct sentity *entities;
	size_t nentities;
	struct saction *actions;
	size_t nactions;
	struct stypedef *types;
	size_t ntypes;
};

int schema_parse(struct arena *, const char *text, size_t len, struct schema *out,
                 char *err, size_t errlen);

/* Resolve ST_NAME through common types, entity types and built-in names;
 * returns the type itself for other kinds.  An entity type is described in
 * *scratch (caller-owned). */
const struct stype *schema_resolve(const struct schema *, const struct stype *,
                                   struct stype *scratch);
const struct sentity *schema_entity(const struct schema *, struct str name);
const struct saction *schema_action(const struct schema *, struct str type, struct str id);
const struct sfield *stype_field(const struct stype *rec, struct str name);

#endif
