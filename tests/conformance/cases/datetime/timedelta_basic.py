# timedelta construction, normalisation, attributes, str and repr
from datetime import timedelta

cases = [
    timedelta(),
    timedelta(1),
    timedelta(days=1, seconds=7384, microseconds=5),
    timedelta(hours=25),
    timedelta(minutes=-1),
    timedelta(seconds=-1, microseconds=1),
    timedelta(weeks=2, days=-3),
    timedelta(milliseconds=1500),
    timedelta(microseconds=-1),
    timedelta(days=-2, hours=3),
    timedelta(0.5, 0.5, 0.5),
    timedelta(microseconds=0.5),
    timedelta(microseconds=1.5),
    timedelta(microseconds=2.5),
    timedelta(seconds=1e-7),
    timedelta(hours=1.25, minutes=0.1),
    timedelta(days=1/3),
    timedelta(True),
    timedelta(days=999999999),
    timedelta(days=-999999999),
]
for t in cases:
    print(repr(t), "|", str(t), "|", t.days, t.seconds, t.microseconds)

print(timedelta.min, timedelta.max, timedelta.resolution)
print(repr(timedelta.min), repr(timedelta.max), repr(timedelta.resolution))
print(timedelta(days=1, seconds=7384, microseconds=5).total_seconds())
print(timedelta(microseconds=-1).total_seconds())
print(timedelta.max.total_seconds(), timedelta.min.total_seconds())
print(timedelta(days=3).total_seconds())
print(str(timedelta(days=1, hours=2, minutes=3, seconds=4, microseconds=5)))
print(str(timedelta(days=-1)), str(timedelta(days=2)), str(timedelta(days=-5, seconds=1)))
print(timedelta(hours=12) == timedelta(minutes=720), timedelta(1) != timedelta(1))
print(hash(timedelta(hours=24)) == hash(timedelta(days=1)))
print(bool(timedelta()), bool(timedelta(microseconds=1)))
print(isinstance(timedelta(1), timedelta), type(timedelta(1)).__name__, timedelta.__module__)
s = {timedelta(1), timedelta(hours=24), timedelta(seconds=86400)}
print(len(s))
d = {timedelta(minutes=1): "a"}
print(d[timedelta(seconds=60)])
