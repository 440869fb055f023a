# time.strftime of fixed tuples, asctime, ctime, mktime
import time

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

tup = (2023, 7, 4, 9, 5, 3, 1, 185, 0)
for fmt in ('%Y-%m-%d %H:%M:%S', '%a %A %b %B %c', '%d/%m/%y %I:%M %p', '%j %U %W %w %u',
            '%x %X', '%G-W%V-%u', '%e|%k|%l|%C|%g', '%D %T %R %r', '%%|%n|%t|', '%Z %z',
            '%-d %-m %_H %05Y %^a %#b', '', 'plain text', '%s' if False else '%y'):
    print(repr(fmt), repr(time.strftime(fmt, tup)))
print(time.strftime('%Y %Z %z', time.gmtime(0)))
print(time.strftime('%Y %Z %z', time.localtime(0)))
print(time.strftime('%Y %Z %z', time.struct_time((2020, 1, 1, 0, 0, 0, 2, 1, 0, 'EST', -18000))))
print(time.strftime('%Y-%m-%d', (2020, 0, 0, 0, 0, 0, 0, 0, 0)))
print(time.strftime('%Y', (12345, 1, 1, 0, 0, 0, 0, 1, 0)), time.strftime('%Y', (5, 1, 1, 0, 0, 0, 0, 1, 0)))
print(type(time.strftime('%Y')), len(time.strftime('%Y')))
t(lambda: time.strftime('%Y', (1, 2, 3)))
t(lambda: time.strftime('%Y', [2020, 1, 1, 0, 0, 0, 0, 1, 0]))
t(lambda: time.strftime('%Y', (2020, 1, 1, 0, 0, 0, 0, 1, 'x')))
t(lambda: time.strftime('%Y', (2020.0, 1, 1, 0, 0, 0, 0, 1, 0)))
t(lambda: time.strftime(5))
t(lambda: time.strftime('%Y', (2020, 13, 1, 0, 0, 0, 0, 1, 0)))
t(lambda: time.strftime('%Y', (2020, 1, 32, 0, 0, 0, 0, 1, 0)))
t(lambda: time.strftime('%Y', (2020, 1, 1, 24, 0, 0, 0, 1, 0)))
t(lambda: time.strftime('%Y', (2020, 1, 1, 0, 60, 0, 0, 1, 0)))
t(lambda: time.strftime('%Y', (2020, 1, 1, 0, 0, 62, 0, 1, 0)))
t(lambda: time.strftime('%Y', (2020, 1, 1, 0, 0, 0, 0, 367, 0)))
t(lambda: time.strftime('%Y', (2**31, 1, 1, 0, 0, 0, 0, 1, 0)))
t(lambda: time.strftime('a\0b', tup))

print(time.asctime(tup), time.asctime(time.gmtime(0)))
print(time.asctime((2020, 0, 0, 0, 0, 0, -1, 0, 0)))
print(time.ctime(0), time.ctime(1e9), time.ctime(-86400.5))
t(lambda: time.asctime((2020, 13, 1, 0, 0, 0, 0, 0, 0)))
t(lambda: time.asctime((2020, 1, 1, 0, 0, 0, -8, 0, 0)))
t(lambda: time.asctime((1, 2, 3)))
t(lambda: time.asctime('x'))
t(lambda: time.ctime('x'))

print(time.mktime((2020, 1, 1, 0, 0, 0, 0, 0, 0)), time.mktime((2020, 1, 1, 0, 0, 0, 0, 0, -1)))
print(time.mktime((2020, 13, 40, 25, 61, 61, 0, 0, 0)), time.mktime((2020, -5, -3, -1, 0, 0, 0, 0, 0)))
print(time.mktime(time.gmtime(1234567890)), time.mktime(time.localtime(0)))
t(lambda: time.mktime((1, 2, 3)))
t(lambda: time.mktime(5))
