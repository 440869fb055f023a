/* broker/egress/libcurl.h -- libcurl, loaded with dlopen by the first user
 * (fetch() and the telemetry sender), not linked.
 *
 * Linking libcurl made every box-broker start load some thirty shared
 * libraries (TLS, HTTP/2, SSH, LDAP, Kerberos...) and initialise OpenSSL,
 * about two thirds of the time a short script takes, for the few scripts
 * that ever fetch.  So the broker only compiles against curl.h, and the
 * first user loads the library through the dynamic loader's ordinary search
 * (the same one that linking used; the broker is trusted, the worker never
 * sees it).  Each pointer has exactly the type curl.h declares. */
#ifndef BOX_EGRESS_LIBCURL_H
#define BOX_EGRESS_LIBCURL_H

#include <stddef.h>

#include <curl/curl.h>

struct box_libcurl {
  void *handle; /* NULL until loaded */
  __typeof__(curl_global_init) *global_init;
  __typeof__(curl_global_cleanup) *global_cleanup;
  __typeof__(curl_version_info) *version_info;
  __typeof__(curl_free) *free;
  __typeof__(curl_url) *url;
  __typeof__(curl_url_set) *url_set;
  __typeof__(curl_url_get) *url_get;
  __typeof__(curl_url_cleanup) *url_cleanup;
  __typeof__(curl_slist_append) *slist_append;
  __typeof__(curl_slist_free_all) *slist_free_all;
  __typeof__(curl_easy_init) *easy_init;
  __typeof__(curl_easy_setopt) *easy_setopt;
  __typeof__(curl_easy_perform) *easy_perform;
  __typeof__(curl_easy_getinfo) *easy_getinfo;
  __typeof__(curl_easy_strerror) *easy_strerror;
  __typeof__(curl_easy_cleanup) *easy_cleanup;
};

extern struct box_libcurl libcurl;

/* Loads libcurl.so.4 once per process and checks its version.  0, or -1
 * with err ("cannot load ..."). */
int libcurl_load(char *err, size_t errlen);

#endif
