/* tests/toml/toml_corpus.c -- runs the toml-test conformance corpus
 * ($BOX_SHARED/conformance/toml) through common/toml: every valid/ case must
 * parse and, converted to the corpus's tagged JSON, equal its .json file
 * (README comparison rules); every invalid/ case must be refused.
 * Prints "toml corpus: N passed, M failed" and exits non-zero on any failure
 * (77 = skipped when $BOX_SHARED is missing). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/toml.h"

struct tally {
  int valid_pass, valid_fail, invalid_pass, invalid_fail;
  int verbose;
};

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf != NULL) {
    if (n == cap) {
      char *nb = realloc(buf, cap * 2);
      if (nb == NULL) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (got == 0)
      break;
    n += got;
  }
  fclose(f);
  *len = n;
  return buf;
}

/* ---- TOML value -> tagged JSON ------------------------------------------ */

static void format_datetime(char *out, size_t outlen, enum toml_type t,
                            const struct toml_datetime *dt) {
  char date[32] = "", time[40] = "", off[16] = "";
  if (t != TOML_TIME_LOCAL)
    snprintf(date, sizeof date, "%04d-%02d-%02d", dt->year, dt->month, dt->day);
  if (t != TOML_DATE_LOCAL) {
    int n = snprintf(time, sizeof time, "%s%02d:%02d:%02d", t == TOML_TIME_LOCAL ? "" : "T",
                     dt->hour, dt->minute, dt->second);
    if (dt->frac_digits > 0 && n > 0)
      snprintf(time + n, sizeof time - (size_t)n, ".%09d", dt->nanosecond);
  }
  if (t == TOML_DATETIME) {
    int m = dt->offset_minutes < 0 ? -dt->offset_minutes : dt->offset_minutes;
    if (m == 0)
      snprintf(off, sizeof off, "Z");
    else
      snprintf(off, sizeof off, "%c%02d:%02d", dt->offset_minutes < 0 ? '-' : '+', m / 60, m % 60);
  }
  snprintf(out, outlen, "%s%s%s", date, time, off);
}

static const char *tag_name(enum toml_type t) {
  switch (t) {
  case TOML_STRING: return "string";
  case TOML_INTEGER: return "integer";
  case TOML_FLOAT: return "float";
  case TOML_BOOL: return "bool";
  case TOML_DATETIME: return "datetime";
  case TOML_DATETIME_LOCAL: return "datetime-local";
  case TOML_DATE_LOCAL: return "date-local";
  case TOML_TIME_LOCAL: return "time-local";
  default: return "?";
  }
}

static json_object *to_json(const struct toml_value *v) {
  enum toml_type t = toml_type(v);
  if (t == TOML_TABLE) {
    json_object *o = json_object_new_object();
    for (size_t i = 0; i < toml_table_size(v); i++) {
      size_t kl;
      const char *k = toml_table_key(v, i, &kl);
      json_object_object_add(o, k, to_json(toml_table_value(v, i)));
    }
    return o;
  }
  if (t == TOML_ARRAY) {
    json_object *a = json_object_new_array();
    for (size_t i = 0; i < toml_array_size(v); i++)
      json_object_array_add(a, to_json(toml_array_at(v, i)));
    return a;
  }
  char buf[96];
  const char *s = buf;
  size_t slen;
  switch (t) {
  case TOML_STRING:
    s = toml_string(v, &slen);
    break;
  case TOML_INTEGER:
    snprintf(buf, sizeof buf, "%" PRId64, toml_integer(v));
    break;
  case TOML_FLOAT: {
    double d = toml_float(v);
    if (isnan(d))
      snprintf(buf, sizeof buf, "nan");
    else if (isinf(d))
      snprintf(buf, sizeof buf, "%sinf", d < 0 ? "-" : "+");
    else
      snprintf(buf, sizeof buf, "%.17g", d);
    break;
  }
  case TOML_BOOL:
    snprintf(buf, sizeof buf, "%s", toml_bool(v) ? "true" : "false");
    break;
  default:
    format_datetime(buf, sizeof buf, t, toml_datetime(v));
    break;
  }
  json_object *o = json_object_new_object();
  json_object_object_add(o, "type", json_object_new_string(tag_name(t)));
  json_object_object_add(o, "value", t == TOML_STRING ? json_object_new_string_len(s, (int)slen)
                                                      : json_object_new_string(s));
  return o;
}

/* ---- comparison (README rules) ---------------------------------------- */

static int is_scalar(json_object *o) {
  return json_object_is_type(o, json_type_object) && json_object_object_length(o) == 2 &&
         json_object_object_get_ex(o, "type", NULL) && json_object_object_get_ex(o, "value", NULL);
}

static int64_t days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

/* Date-time text -> milliseconds (an instant for offset date-times), parsed
 * with our own parser as the value of "x = <text>". */
static int datetime_ms(const char *text, const char *type, int64_t *ms) {
  char doc[128], err[200];
  if (snprintf(doc, sizeof doc, "x = %s", text) >= (int)sizeof doc)
    return -1;
  struct toml_doc *d = toml_parse(doc, strlen(doc), err, sizeof err);
  if (d == NULL)
    return -1;
  const struct toml_value *v = toml_table_get(toml_root(d), "x");
  const struct toml_datetime *dt = toml_datetime(v);
  int rc = -1;
  if (dt != NULL && strcmp(tag_name(toml_type(v)), type) == 0) {
    int64_t days = toml_type(v) == TOML_TIME_LOCAL ? 0 : days_from_civil(dt->year, dt->month, dt->day);
    int64_t secs = days * 86400 + dt->hour * 3600 + dt->minute * 60 + dt->second;
    if (toml_type(v) == TOML_DATETIME)
      secs -= (int64_t)dt->offset_minutes * 60;
    *ms = secs * 1000 + dt->nanosecond / 1000000;
    rc = 0;
  }
  toml_free(d);
  return rc;
}

static int scalar_equal(json_object *got, json_object *want) {
  json_object *gt, *gv, *wt, *wv;
  json_object_object_get_ex(got, "type", &gt);
  json_object_object_get_ex(got, "value", &gv);
  json_object_object_get_ex(want, "type", &wt);
  json_object_object_get_ex(want, "value", &wv);
  const char *gts = json_object_get_string(gt), *wts = json_object_get_string(wt);
  const char *gs = json_object_get_string(gv), *ws = json_object_get_string(wv);
  if (gts == NULL || wts == NULL || gs == NULL || ws == NULL || strcmp(gts, wts) != 0)
    return 0;
  if (strcmp(wts, "string") == 0)
    return json_object_get_string_len(gv) == json_object_get_string_len(wv) &&
           memcmp(gs, ws, (size_t)json_object_get_string_len(gv)) == 0;
  if (strcmp(wts, "integer") == 0)
    return strcmp(gs, ws) == 0;
  if (strcmp(wts, "bool") == 0)
    return strcasecmp(gs, ws) == 0;
  if (strcmp(wts, "float") == 0) {
    double a = strtod(gs, NULL), b = strtod(ws, NULL);
    if (isnan(a) || isnan(b))
      return isnan(a) && isnan(b);
    return a == b;
  }
  int64_t a, b;
  return datetime_ms(gs, gts, &a) == 0 && datetime_ms(ws, wts, &b) == 0 && a == b;
}

static int json_equal(json_object *got, json_object *want) {
  if (is_scalar(want) || is_scalar(got))
    return is_scalar(want) && is_scalar(got) && scalar_equal(got, want);
  if (json_object_is_type(want, json_type_array)) {
    if (!json_object_is_type(got, json_type_array))
      return 0;
    size_t n = json_object_array_length(want);
    if (json_object_array_length(got) != n)
      return 0;
    for (size_t i = 0; i < n; i++)
      if (!json_equal(json_object_array_get_idx(got, i), json_object_array_get_idx(want, i)))
        return 0;
    return 1;
  }
  if (!json_object_is_type(want, json_type_object) || !json_object_is_type(got, json_type_object))
    return 0;
  if (json_object_object_length(got) != json_object_object_length(want))
    return 0;
  json_object_object_foreach(want, key, wval) {
    json_object *gval;
    if (!json_object_object_get_ex(got, key, &gval) || !json_equal(gval, wval))
      return 0;
  }
  return 1;
}

/* ---- cases ---------------------------------------------------------------- */

static void run_valid(const char *path, struct tally *t) {
  size_t len;
  char err[512];
  char *text = read_file(path, &len);
  struct toml_doc *doc = text ? toml_parse(text, len, err, sizeof err) : NULL;
  if (doc == NULL) {
    printf("FAIL valid %s: %s\n", path, text ? err : strerror(errno));
    t->valid_fail++;
    free(text);
    return;
  }
  char jpath[4096];
  snprintf(jpath, sizeof jpath, "%.*s.json", (int)(strlen(path) - 5), path);
  json_object *want = json_object_from_file(jpath);
  json_object *got = to_json(toml_root(doc));
  if (want == NULL || !json_equal(got, want)) {
    printf("FAIL valid %s: output differs\n", path);
    if (t->verbose)
      printf("  got:  %s\n  want: %s\n", json_object_to_json_string(got),
             want ? json_object_to_json_string(want) : "(unreadable)");
    t->valid_fail++;
  } else {
    t->valid_pass++;
  }
  json_object_put(want);
  json_object_put(got);
  toml_free(doc);
  free(text);
}

static void run_invalid(const char *path, struct tally *t) {
  size_t len;
  char err[512];
  char *text = read_file(path, &len);
  if (text == NULL) {
    printf("FAIL invalid %s: %s\n", path, strerror(errno));
    t->invalid_fail++;
    return;
  }
  struct toml_doc *doc = toml_parse(text, len, err, sizeof err);
  if (doc != NULL) {
    printf("FAIL invalid %s: accepted\n", path);
    t->invalid_fail++;
    toml_free(doc);
  } else {
    if (t->verbose)
      printf("ok invalid %s: %s\n", path, err);
    t->invalid_pass++;
  }
  free(text);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(const char *dir, int valid, struct tally *t) {
  DIR *d = opendir(dir);
  if (d == NULL) {
    printf("FAIL cannot open %s: %s\n", dir, strerror(errno));
    (valid ? &t->valid_fail : &t->invalid_fail)[0]++;
    return;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *names);
      if (nn == NULL)
        break;
      names = nn;
    }
    names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    size_t l = strlen(names[i]);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      walk(path, valid, t);
    else if (l > 5 && strcmp(names[i] + l - 5, ".toml") == 0)
      (valid ? run_valid : run_invalid)(path, t);
    free(names[i]);
  }
  free(names);
}

int main(int argc, char **argv) {
  struct tally t = {0};
  const char *shared = getenv("BOX_SHARED");
  t.verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
  if (shared == NULL || *shared == '\0') {
    printf("toml corpus: BOX_SHARED is not set; skipped\n");
    return 77;
  }
  char dir[4096];
  struct stat st;
  snprintf(dir, sizeof dir, "%s/conformance/toml", shared);
  if (stat(dir, &st) != 0) {
    printf("toml corpus: %s missing; skipped\n", dir);
    return 77;
  }
  snprintf(dir, sizeof dir, "%s/conformance/toml/valid", shared);
  walk(dir, 1, &t);
  snprintf(dir, sizeof dir, "%s/conformance/toml/invalid", shared);
  walk(dir, 0, &t);
  int pass = t.valid_pass + t.invalid_pass, fail = t.valid_fail + t.invalid_fail;
  printf("toml corpus: valid %d passed, %d failed; invalid %d passed, %d failed\n", t.valid_pass,
         t.valid_fail, t.invalid_pass, t.invalid_fail);
  printf("toml corpus: %d passed, %d failed\n", pass, fail);
  return fail == 0 && pass > 0 ? 0 : 1;
}
