# time: patterns scripts commonly use (timing, formatting timestamps, parsing dates)
import time

start = time.time()
t0 = time.perf_counter()
total = sum(i * i for i in range(10000))
elapsed = time.perf_counter() - t0
print(total, elapsed >= 0, time.time() - start >= 0, isinstance(elapsed, float))
ts = 1700000000
print(time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(ts)))
print(time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(ts + 0.999)))
print(time.strftime('%a, %d %b %Y %H:%M:%S GMT', time.gmtime(ts)))
print(time.strftime('%A %B %d, %Y at %I:%M %p', time.gmtime(1e9)))
print(time.strftime('%j %U %W %V %G', time.gmtime(1735603200)))
parsed = time.strptime('2024-01-15', '%Y-%m-%d')
print(parsed.tm_year, parsed.tm_mon, parsed.tm_mday, parsed.tm_wday, parsed.tm_yday)
print(time.mktime(parsed), int(time.mktime(time.strptime('2024-03-01 12:30', '%Y-%m-%d %H:%M'))))
print(time.mktime(time.gmtime(ts)) == ts)
y, m, d, H, M, S, *_ = time.gmtime(86400 * 365 * 30)
print(y, m, d, H, M, S)
print([time.gmtime(ts + 86400 * i).tm_wday for i in range(7)])
print(time.asctime(time.gmtime(ts)), time.ctime(ts))
days = (time.mktime(time.strptime('2024-12-25', '%Y-%m-%d')) - time.mktime(time.strptime('2024-01-01', '%Y-%m-%d'))) / 86400
print(days)
stamp = '15/Jan/2024:10:20:30'
st = time.strptime(stamp, '%d/%b/%Y:%H:%M:%S')
print(time.strftime('%Y%m%d-%H%M%S', st), st)
