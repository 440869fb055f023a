/* broker/decide_request.c -- the request a --decide dry run decides, spelled
 * as a real run spells it (see decide_request.h), so that the dry run and
 * the run agree: the effects layer (broker/effects/path.c) and the egress
 * gateway (broker/egress/fetch.c) form their requests the same way. */
#include "broker/decide_request.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "common/pathnorm.h"

static json_object *input_of(json_object *request)
{
  json_object *in;
  if (!json_object_is_type(request, json_type_object) ||
      !json_object_object_get_ex(request, "input", &in) || !json_object_is_type(in, json_type_object))
    return NULL;
  return in;
}

static const char *string_field(json_object *o, const char *key)
{
  json_object *v;
  if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
    return NULL;
  return json_object_get_string(v);
}

static void set_string(json_object *o, const char *key, const char *value)
{
  json_object_object_add(o, key, json_object_new_string(value));
}

static void normalize_path(const struct box_config *cfg, json_object *in)
{
  const char *path = string_field(in, "path");
  if (path == NULL || *path == '\0')
    return;
  const char *home = cfg->operator_home;
  size_t hlen = strlen(home);
  char *abs;
  if (path[0] == '~' && (path[1] == '\0' || path[1] == '/'))
    abs = box_path_normalize(home, path[1] ? path + 2 : "", strlen(path[1] ? path + 2 : ""));
  else
    abs = box_path_normalize(cfg->workspace, path, strlen(path));
  if (abs == NULL)
    abort();
  if (hlen > 1 && box_path_under(abs, home, hlen)) {
    size_t n = strlen(abs + hlen);
    char *t = malloc(n + 2);
    if (t == NULL)
      abort();
    t[0] = '~';
    memcpy(t + 1, abs + hlen, n + 1);
    set_string(in, "path", t);
    free(t);
  } else {
    set_string(in, "path", abs);
  }
  free(abs);
}

static void normalize_host(json_object *in)
{
  const char *host = string_field(in, "host");
  if (host == NULL)
    return;
  size_t n = strlen(host);
  if (n > 1 && host[n - 1] == '.')
    n--;
  char *h = strndup(host, n);
  if (h == NULL)
    abort();
  for (char *c = h; *c; c++)
    if (*c >= 'A' && *c <= 'Z')
      *c = (char)(*c - 'A' + 'a');
  set_string(in, "host", h);
  free(h);
}

static void normalize_ip(json_object *in)
{
  const char *ip = string_field(in, "ip");
  unsigned char bin[sizeof(struct in6_addr)];
  char text[INET6_ADDRSTRLEN];
  if (ip == NULL)
    return;
  if (inet_pton(AF_INET, ip, bin) == 1)
    inet_ntop(AF_INET, bin, text, sizeof text);
  else if (inet_pton(AF_INET6, ip, bin) == 1)
    inet_ntop(AF_INET6, bin, text, sizeof text);
  else
    return; /* not an address: the policy engine reports it */
  set_string(in, "ip", text);
}

void decide_request_normalize(const struct box_config *cfg, json_object *request)
{
  json_object *in = input_of(request);
  const char *action = string_field(request, "action");
  if (in == NULL || action == NULL)
    return;
  if (strncmp(action, "Box::Action::", 13) == 0)
    action += action[13] == '"' ? 14 : 13;
  if (strncmp(action, "fs:", 3) == 0) {
    normalize_path(cfg, in);
  } else if (strncmp(action, "net:connect", 11) == 0 || strncmp(action, "http:request", 12) == 0) {
    normalize_host(in);
    normalize_ip(in);
  }
}
