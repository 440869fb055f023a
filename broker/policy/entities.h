/* entities.h -- the Cedar entity store: uid -> attributes, tags, parents,
 * and the transitive ancestor set used by `in`. */
#ifndef BOX_POLICY_ENTITIES_H
#define BOX_POLICY_ENTITIES_H

#include <stddef.h>

#include "broker/policy/value.h"

struct entity {
	const struct value *uid;
	const struct value *attrs;      /* record */
	const struct value *tags;       /* record or NULL */
	const struct value **parents;
	size_t nparents;
	const struct value **ancestors; /* transitive closure (computed) */
	size_t nancestors;
};

struct entity_store {
	struct entity *v;
	size_t n, cap;
	size_t *slots;                  /* open addressing: index + 1, 0 = empty */
	size_t nslots;
};

void entity_store_init(struct entity_store *);
void entity_store_free(struct entity_store *);
/* Adds an entity (arena-owned values). Returns -1 on a duplicate uid. */
int entity_store_add(struct entity_store *, const struct entity *);
/* Computes every entity's transitive ancestors (a parent cycle is
 * tolerated: the closure is still well defined). */
void entity_store_close(struct entity_store *, struct arena *);
const struct entity *entity_store_find(const struct entity_store *, const struct value *uid);

#endif
