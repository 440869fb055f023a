/* common/pathnorm.h -- lexical path arithmetic shared by the broker's path
 * pipeline (broker/effects/path.c), the alias route's script read
 * (broker/script_source.c) and the Shell route: no file system access. */
#ifndef BOX_COMMON_PATHNORM_H
#define BOX_COMMON_PATHNORM_H

#include <stdbool.h>
#include <stddef.h>

/* Lexical normalisation of path (n bytes) joined to dir when it is
 * relative (dir NULL: path must be absolute): "." and empty components go,
 * ".." drops the previous component (above "/" it stays at "/").  Returns
 * a malloc'ed absolute path, NULL when out of memory. */
char *box_path_normalize(const char *dir, const char *path, size_t n);

/* True when path equals dir (dlen bytes) or lies below it. */
bool box_path_under(const char *path, const char *dir, size_t dlen);

#endif
