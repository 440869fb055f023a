/* broker/decide_request.h -- the request a --decide dry run decides: the
 * one given, put through the spelling a real run gives its requests. */
#ifndef BOX_BROKER_DECIDE_REQUEST_H
#define BOX_BROKER_DECIDE_REQUEST_H

#include <stddef.h>
#include <json-c/json.h>

#include "broker/config/config.h"

/* request: the parsed --decide JSON ({"action": .., "input": {..}}),
 * changed in place: an fs:* input.path is joined to the workspace when
 * relative ("~" and "~/..." name the operator's home), lexically
 * normalised and spelled "~/..." under the home; a net:connect or
 * http:request input.host is lowercased without its trailing dot, an ip
 * written in its canonical form.  Other fields are left as given. */
void decide_request_normalize(const struct box_config *cfg, json_object *request);

#endif
