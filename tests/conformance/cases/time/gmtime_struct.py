# time.gmtime / localtime (UTC) and the struct_time type
import time

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

g = time.gmtime(0)
print(g)
print(type(g), type(g).__name__, isinstance(g, tuple), len(g))
print(g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec)
print(g.tm_wday, g.tm_yday, g.tm_isdst, g.tm_zone, g.tm_gmtoff)
print(g[0], g[-1], g[2:5], list(g))
print(g == (1970, 1, 1, 0, 0, 0, 3, 1, 0), hash(g) == hash(tuple(g)))
print(time.localtime(0), time.localtime(0).tm_zone)
for ts in (86399, 86400, 951782400, 1e9, 1234567890.75, -1, -1.5, 2**31, 253402300799, -62135596800):
    print(ts, tuple(time.gmtime(ts)))
print(time.gmtime(10**10).tm_year, time.gmtime(-10**10).tm_year)
print(time.struct_time.n_fields, time.struct_time.n_sequence_fields, time.struct_time.n_unnamed_fields)
print(time.struct_time.__match_args__)
s = time.struct_time((2020, 2, 29, 12, 30, 45, 5, 60, 0))
print(s, s.tm_zone, s.tm_gmtoff)
s = time.struct_time((2020, 2, 29, 12, 30, 45, 5, 60, 0, 'EST', -18000))
print(s, s.tm_zone, s.tm_gmtoff, len(s))
print(g.__reduce__())
match g:
    case time.struct_time(tm_year=y, tm_mon=m):
        print("matched", y, m)
t(lambda: time.struct_time((1, 2)))
t(lambda: time.struct_time((1,) * 12))
t(lambda: time.struct_time(5))
t(lambda: g.tm_foo)
t(lambda: setattr(g, 'tm_year', 5))
t(lambda: setattr(g, 'foo', 5))
t(lambda: g[9])
t(lambda: time.gmtime('x'))
t(lambda: time.gmtime(1e30))
t(lambda: time.gmtime(2**70))
t(lambda: time.gmtime(float('nan')))
t(lambda: time.gmtime(None).tm_year > 2000)
t(lambda: time.localtime().tm_zone)
print(time.tzname, time.timezone, time.altzone, time.daylight)
