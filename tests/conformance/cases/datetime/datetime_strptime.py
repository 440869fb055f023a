# datetime.strptime: common formats, %z/%Z, %f, %j, %p and the error messages
from datetime import datetime

for s, f in [
    ("2020-01-02", "%Y-%m-%d"),
    ("2020-01-02 13:14:15", "%Y-%m-%d %H:%M:%S"),
    ("02/03/21 7:05 PM", "%m/%d/%y %I:%M %p"),
    ("2020-01-02T03:04:05.123", "%Y-%m-%dT%H:%M:%S.%f"),
    ("2020-01-02 +0130", "%Y-%m-%d %z"),
    ("2020-01-02 -05:00", "%Y-%m-%d %z"),
    ("2020-01-02 Z", "%Y-%m-%d %z"),
    ("2020-01-02 UTC", "%Y-%m-%d %Z"),
    ("2020-01-02 +0000 UTC", "%Y-%m-%d %z %Z"),
    ("Mon Jan 13 2020", "%a %b %d %Y"),
    ("Monday, March 2, 2020", "%A, %B %d, %Y"),
    ("2020 100", "%Y %j"),
    ("12", "%H"),
    ("1999", "%Y"),
    ("  2020  -  1 - 5", " %Y - %m - %d"),
    ("2020-W10-3", "%G-W%V-%u"),
    ("5%", "%d%%"),
]:
    r = datetime.strptime(s, f)
    print(repr(s), repr(r))
for s, f in [
    ("2020-01-02 +0130 EST", "%Y-%m-%d %z %Z"),
    ("x", "%Y"),
    ("2020-01-02 extra", "%Y-%m-%d"),
    ("2020", "%Q"),
    ("2020", "%Y %"),
    ("2020-02-30", "%Y-%m-%d"),
    ("25", "%H"),
    ("2020-W10", "%G-W%V"),
    ("2020 60", "%Y %S"),
    ("+25:00", "%z"),
    ("29 Feb", "%d %b"),
]:
    try:
        print(repr(datetime.strptime(s, f)))
    except ValueError as e:
        print("ValueError", e)
for a in [(5, "%Y"), ("2020", 5)]:
    try:
        datetime.strptime(*a)
    except TypeError as e:
        print("TypeError", e)
