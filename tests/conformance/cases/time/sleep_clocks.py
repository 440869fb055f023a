# time.sleep (errors and the box's 180 s total) and the clocks
import time

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: time.sleep(-1))
t(lambda: time.sleep(-0.5))
t(lambda: time.sleep('x'))
t(lambda: time.sleep(None))
t(lambda: time.sleep(float('nan')))
t(lambda: time.sleep(1e300))
t(lambda: time.sleep(2**80))
t(lambda: time.sleep())
t(lambda: time.sleep(1, 2))
t(lambda: time.sleep(0))
t(lambda: time.sleep(0.01))
t(lambda: time.sleep(True))
a = time.monotonic()
time.sleep(0.02)
b = time.monotonic()
print(b > a, b - a >= 0.02)
for f in (time.time, time.monotonic, time.perf_counter, time.process_time, time.thread_time):
    print(f.__name__, type(f()).__name__, f() >= 0)
for f in (time.time_ns, time.monotonic_ns, time.perf_counter_ns, time.process_time_ns, time.thread_time_ns):
    print(f.__name__, type(f()).__name__, f() >= 0)
print(time.time() > 1.6e9, abs(time.time_ns() / 1e9 - time.time()) < 5)
print(type(time.clock_gettime(time.CLOCK_MONOTONIC)).__name__, type(time.clock_gettime_ns(time.CLOCK_REALTIME)).__name__)
print(time.CLOCK_REALTIME, time.CLOCK_MONOTONIC, time.CLOCK_PROCESS_CPUTIME_ID, time.CLOCK_THREAD_CPUTIME_ID)
for c in ('time', 'monotonic', 'perf_counter', 'process_time', 'thread_time'):
    print(time.get_clock_info(c))
info = time.get_clock_info('monotonic')
print(info.implementation, info.monotonic, info.adjustable, info.resolution, type(info).__name__)
t(lambda: time.get_clock_info('nope'))
t(lambda: time.get_clock_info(5))
t(lambda: time.clock_gettime(1.5))
