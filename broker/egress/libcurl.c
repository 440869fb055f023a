/* broker/egress/libcurl.c -- loads libcurl on first use (see libcurl.h). */
#define _GNU_SOURCE
#include <config.h>

#include "broker/egress/libcurl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define LIBCURL_SONAME "libcurl.so.4"
#define LIBCURL_MIN_VERSION 0x075500 /* 7.85: CURLOPT_PROTOCOLS_STR (configure.ac) */

struct box_libcurl libcurl;

int libcurl_load(char *err, size_t errlen)
{
  static const struct {
    const char *name;
    size_t offset;
  } symbols[] = {
#define LIBCURL_SYMBOL(member) {"curl_" #member, offsetof(struct box_libcurl, member)}
    LIBCURL_SYMBOL(global_init),  LIBCURL_SYMBOL(global_cleanup), LIBCURL_SYMBOL(version_info),
    LIBCURL_SYMBOL(free),         LIBCURL_SYMBOL(url),            LIBCURL_SYMBOL(url_set),
    LIBCURL_SYMBOL(url_get),      LIBCURL_SYMBOL(url_cleanup),    LIBCURL_SYMBOL(slist_append),
    LIBCURL_SYMBOL(slist_free_all), LIBCURL_SYMBOL(easy_init),    LIBCURL_SYMBOL(easy_setopt),
    LIBCURL_SYMBOL(easy_perform), LIBCURL_SYMBOL(easy_getinfo),   LIBCURL_SYMBOL(easy_strerror),
    LIBCURL_SYMBOL(easy_cleanup),
#undef LIBCURL_SYMBOL
  };
  void *handle;

  if (libcurl.handle != NULL)
    return 0;
  handle = dlopen(LIBCURL_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    snprintf(err, errlen, "cannot load %s (install the Debian package libcurl4): %s",
             LIBCURL_SONAME, dlerror());
    return -1;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
    void *fn = dlsym(handle, symbols[i].name);
    if (fn == NULL) {
      snprintf(err, errlen, "cannot load %s: no symbol %s", LIBCURL_SONAME, symbols[i].name);
      dlclose(handle);
      return -1;
    }
    /* POSIX guarantees a data pointer from dlsym converts to a function pointer. */
    memcpy((char *)&libcurl + symbols[i].offset, &fn, sizeof fn);
  }
  const curl_version_info_data *info = libcurl.version_info(CURLVERSION_NOW);
  if (info == NULL || info->version_num < LIBCURL_MIN_VERSION) {
    snprintf(err, errlen, "cannot use %s: version %s is older than 7.85", LIBCURL_SONAME,
             info != NULL ? info->version : "unknown");
    dlclose(handle);
    return -1;
  }
  libcurl.handle = handle;
  return 0;
}
