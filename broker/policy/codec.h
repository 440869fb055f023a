/* codec.h -- JSON -> Cedar values: schema-directed parsing of context and
 * entity attributes (Cedar's JSON value encoding with `__entity` / `__extn`
 * escapes, or implicit when the schema gives the type) and the entities
 * file.  Works on the json.h tree. */
#ifndef BOX_POLICY_CODEC_H
#define BOX_POLICY_CODEC_H

#include "broker/policy/entities.h"
#include "broker/policy/json.h"
#include "broker/policy/schema.h"

/* type and schema may be NULL (untyped).  NULL with err on malformed input. */
const struct value *json_to_value(struct arena *, const struct jnode *, const struct schema *,
                                  const struct stype *type, char *err, size_t errlen);

/* {"type":..,"id":..} or {"__entity":{..}} */
const struct value *json_to_uid(struct arena *, const struct jnode *, char *err, size_t errlen);

/* Cedar entities JSON (array); computes the ancestor closure. */
int entities_from_json(struct entity_store *, struct arena *, const struct jnode *,
                       const struct schema *, char *err, size_t errlen);

/* Record value of a JSON object (NULL = {}) typed by the context of action. */
const struct value *context_from_json(struct arena *, const struct jnode *, const struct schema *,
                                      const struct value *action, char *err, size_t errlen);

#endif
