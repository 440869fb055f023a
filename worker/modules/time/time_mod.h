/* time_mod.h -- the parts of the time module shared between its files
 * (time.c: the functions; time_struct.c: struct_time). */
#ifndef BOX_WORKER_MODULES_TIME_MOD_H
#define BOX_WORKER_MODULES_TIME_MOD_H

#include "worker/runtime/runtime.h"
#include "worker/modules/datetime/dt_calendar.h"

#define TIME_STRUCT_SEQ 9      /* tm_year .. tm_isdst: the tuple part */
#define TIME_STRUCT_FIELDS 11  /* + tm_zone, tm_gmtoff (attributes only) */

extern Type time_struct_type;
void time_struct_type_init(void);
/* A struct_time of fields[0..10] (borrowed). */
Value time_struct_new(const Value fields[TIME_STRUCT_FIELDS]);
/* A struct_time of tm (Python conventions) with tm_zone / tm_gmtoff. */
Value time_struct_from_tm(const struct dt_tm *tm, const char *zone, long gmtoff);

#endif
