#!/usr/bin/python3.11
"""Generates tests/modules/cases_*.inc (json, datetime, time) for test_json_datetime.c from CPython 3.11.

Run: /usr/bin/python3.11 tests/modules/gen_json_datetime.py tests/modules
The output is committed; rerun after changing the case lists below."""
import datetime
import json
import math
import os
import sys
import time


def cstr(b):
    if isinstance(b, str):
        b = b.encode('utf-8', 'surrogatepass')
    out = []
    for c in b:
        ch = chr(c)
        if c < 128 and (ch.isalnum() or ch in ' .,:;-_+=()[]{}<>/|!@#$^&*~\''):
            out.append(ch)
        else:
            out.append('\\%03o' % c)
    return '"' + ''.join(out) + '"'


# ---- json --------------------------------------------------------------
def trace(v):
    """Event trace in the form test_json_datetime.c builds from the callbacks."""
    if isinstance(v, tuple):
        tag, s = v
        if tag == 'I':
            return 'n%d:%s:i;' % (len(s), s)
        if tag == 'F':
            return 'n%d:%s:f;' % (len(s), s)
        return 'c:%s;' % s
    if isinstance(v, str):
        b = v.encode('utf-8', 'surrogatepass')
        return 's%d:' % len(b) + v + ';'
    if v is None:
        return 'c:null;'
    if v is True:
        return 'c:true;'
    if v is False:
        return 'c:false;'
    if isinstance(v, list) and v and isinstance(v[0], Pair):
        return '{' + ''.join('k%d:%s;' % (len(k.encode('utf-8', 'surrogatepass')), k) + trace(x)
                              for k, x in (p.kv for p in v)) + '}'
    if isinstance(v, Obj):
        return '{' + ''.join('k%d:%s;' % (len(k.encode('utf-8', 'surrogatepass')), k) + trace(x)
                              for k, x in v.pairs) + '}'
    if isinstance(v, list):
        return '[' + ''.join(trace(x) for x in v) + ']'
    raise TypeError(v)


class Pair:
    def __init__(self, kv):
        self.kv = kv


class Obj:
    def __init__(self, pairs):
        self.pairs = pairs


def loads_trace(s, strict=True):
    v = json.loads(s, strict=strict, parse_int=lambda t: ('I', t), parse_float=lambda t: ('F', t),
                   parse_constant=lambda t: ('C', t), object_pairs_hook=Obj)
    return trace(v)


JSON_CASES = [
    '0', '-0', '1', '-1', '12345678901234567890', '1.5', '-1.5e10', '1E+2', '1e-2', '0.0',
    '1e', '1e+', '1.', '.5', '-', '--1', '01', '-01', '1.e5', '2.5E', '0x10', '+1',
    'true', 'false', 'null', 'NaN', 'Infinity', '-Infinity', 'nan', 'inf', '-inf', 'tru',
    'nul', 'NaN1', 'Infinit', '-Infinit',
    '""', '"abc"', '"a\\"b"', '"\\\\"', '"\\/"', '"\\b\\f\\n\\r\\t"', '"\\u0041"', '"\\u00e9"',
    '"\\ud83d\\ude00"', '"\\ud83d"', '"\\ude00"', '"\\ud83dx"', '"\\ud83d\\u0041"', '"\\ud83d\\uZZZZ"',
    '"\\ud83d\\ud83d"', '"\\u12"', '"\\u12G4"', '"\\u"', '"\\x"', '"\\', '"abc', '"a\nb"', '"a\tb"',
    '"a\x01"', '"a\x1f"', '"a\x7f"', '"héllo"', '"日本"', '"😀"', '"é\\n"', '"\\u00"', '"\\uD800\\uDC00"',
    '[]', '[1]', '[1,2]', '[ 1 , 2 ]', '[1,]', '[,1]', '[1 2]', '[', ']', '[[]]', '[[[1]]]', '[1',
    '[1,', '[1,2', '["a",{"b":[]}]',
    '{}', '{"a":1}', '{"a" : 1 , "b" : 2}', '{"a":1,}', '{,}', '{"a"}', '{"a":}', '{"a" 1}',
    '{1:2}', "{'a':1}", '{"a":1 "b":2}', '{', '{"a', '{"a":1', '{"a":1,', '{"a":[1,{"b":null}]}',
    '{"a":1}x', '[] []', '1 2', ' 1 ', '\n\n  [1,\n  2,\n  x]', '\t{"a":\n\n\n}', 'é', '"é" x',
    '["é", x]', '[1e400]', '[-1e400, 1e-400]', '', ' ', '\n', '{"":""}', '{"a":{"a":{"a":{}}}}',
    '[true,false,null]', '[truex]', '[NaN,Infinity,-Infinity]', '"\\u0000"', '"\\u001f"',
    '{"\\ud800":1}', '[1.25e-3, -0.0, 3E5]', '123abc', '[1]]', '{"a":1}}', '\ufeff[1]',
    '"x\\u00e9y\\n\\ud83d\\ude00z"', '[\n1,\n2\n,\n]', '1\n\n2', '\r\n[\r\nx', '[1,\t]',
]


def json_cases():
    lines = []
    for s in JSON_CASES:
        for strict in (True, False):
            try:
                exp = loads_trace(s, strict)
                lines.append('{ %s, %d, %d, NULL, %s, 0, 0, 0 },' % (
                    cstr(s), len(s.encode('utf-8', 'surrogatepass')), strict, cstr(exp)))
            except json.JSONDecodeError as e:
                lines.append('{ %s, %d, %d, "json.JSONDecodeError", %s, %d, %d, %d },' % (
                    cstr(s), len(s.encode('utf-8', 'surrogatepass')), strict, cstr(str(e)),
                    e.pos, e.lineno, e.colno))
    return lines


ESCAPE_CASES = ['', 'abc', 'a"b', 'a\\b', '\b\f\n\r\t', '\x00\x01\x1f', '\x7f', 'é', '日本語',
                '😀', '\ud800', '\udfff', 'x\u2028y', '/', 'ab\x00cd', 'mixé"\n😀']


def escape_cases():
    lines = []
    for s in ESCAPE_CASES:
        for asc in (True, False):
            out = json.dumps(s, ensure_ascii=asc)
            lines.append('{ %s, %d, %d, %s },' % (cstr(s), len(s.encode('utf-8', 'surrogatepass')),
                                                  asc, cstr(out)))
    return lines


FLOATS = ['0.0', '-0.0', '1.0', '0.1', '1e16', '1e-05', '1.7976931348623157e308', '5e-324',
          '123456789.123', '-2.5', "float('nan')", "float('inf')", "float('-inf')", '1e22', '1/3']


def float_cases():
    lines = []
    for f in FLOATS:
        x = eval(f)
        for allow in (True, False):
            for ind in (None, 1):
                try:
                    lines.append('{ %s, %d, %d, NULL, %s },' % (
                        float.hex(x) if math.isfinite(x) else ('NAN' if math.isnan(x) else
                                                               ('INFINITY' if x > 0 else '-INFINITY')),
                        allow, ind is not None, cstr(json.dumps(x, allow_nan=allow, indent=ind))))
                except ValueError as e:
                    lines.append('{ %s, %d, %d, "ValueError", %s },' % (
                        'NAN' if math.isnan(x) else ('INFINITY' if x > 0 else '-INFINITY'),
                        allow, ind is not None, cstr(str(e))))
    return lines


LAYOUT_CASES = [(None, None), (2, None), (0, None), ('\t', (',', ':')), ('', None),
                (None, (',', ':')), (-1, None), ('ab', (' ;', ' = '))]
LAYOUT_DOC = {'a': [1, {}, [], [2, {'x': 3}]], 'b': {}, 'c': 4}


def layout_cases():
    lines = []
    for ind, seps in LAYOUT_CASES:
        out = json.dumps(LAYOUT_DOC, indent=ind, separators=seps)
        item, key = seps if seps else ((',', ': ') if ind is not None else (', ', ': '))
        if ind is None:
            ci = 'NULL'
        elif isinstance(ind, int):
            ci = cstr(' ' * ind)
        else:
            ci = cstr(ind)
        lines.append('{ %s, %s, %s, %s },' % (ci, cstr(item), cstr(key), cstr(out)))
    return lines


BYTES_CASES = [b'[1]', b'\xef\xbb\xbf[1]', '[1]'.encode('utf-16'), '[1]'.encode('utf-16-le'),
               '[1]'.encode('utf-16-be'), '[1]'.encode('utf-32'), '[1]'.encode('utf-32-le'),
               '[1]'.encode('utf-32-be'), b'1', '1'.encode('utf-16-le'), '1'.encode('utf-16-be'),
               b'"\xc3\xa9"', b'"\xff"', b'"\xed\xa0\x80"', b'', b'\x00\x00\x00', b'ab']


def bytes_cases():
    lines = []
    for b in BYTES_CASES:
        enc = json.detect_encoding(b)
        try:
            txt = b.decode(enc, 'surrogatepass')
            lines.append('{ %s, %d, %s, NULL, %s, %d },' % (
                cstr(b), len(b), cstr(enc), cstr(txt), len(txt.encode('utf-8', 'surrogatepass'))))
        except UnicodeDecodeError as e:
            lines.append('{ %s, %d, %s, "UnicodeDecodeError", %s, 0 },' % (
                cstr(b), len(b), cstr(enc), cstr(str(e))))
    return lines


# ---- datetime / time -----------------------------------------------------
DATES = [(1, 1, 1), (1, 12, 31), (4, 2, 29), (100, 3, 1), (400, 2, 29), (1582, 10, 15),
         (1900, 3, 1), (1970, 1, 1), (2000, 2, 29), (2004, 12, 31), (2008, 12, 29), (2010, 1, 3),
         (2015, 12, 31), (2020, 12, 31), (2021, 1, 1), (2023, 6, 15), (2024, 2, 29),
         (9999, 12, 31), (2026, 12, 2), (1999, 12, 31), (2009, 12, 31), (2010, 1, 4)]


def date_cases():
    lines = []
    for y, m, d in DATES:
        dt = datetime.date(y, m, d)
        iy, iw, idd = dt.isocalendar()
        lines.append('{ %d, %d, %d, %d, %d, %d, %d, %d, %d, %s },' % (
            y, m, d, dt.toordinal(), dt.weekday(), iy, iw, idd,
            (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)), cstr(dt.ctime())))
    return lines


ISOCAL = [(2020, 1, 1), (2020, 53, 7), (2021, 53, 1), (2015, 53, 1), (2004, 53, 5), (1, 1, 1),
          (9999, 52, 5), (0, 1, 1), (10000, 1, 1), (2020, 0, 1), (2020, 54, 1), (2020, 1, 0),
          (2020, 1, 8), (2026, 49, 3), (2009, 53, 7), (1, 1, 0)]


def isocal_cases():
    lines = []
    for a in ISOCAL:
        try:
            r = datetime.date.fromisocalendar(*a)
            lines.append('{ %d, %d, %d, %d, %d, %d, NULL },' % (a + (r.year, r.month, r.day)))
        except ValueError as e:
            lines.append('{ %d, %d, %d, 0, 0, 0, %s },' % (a + (cstr(str(e)),)))
    return lines


CHECKS = [(2020, 1, 1, 0, 0, 0, 0, 0), (0, 1, 1, 0, 0, 0, 0, 0), (10000, 1, 1, 0, 0, 0, 0, 0),
          (2020, 13, 1, 0, 0, 0, 0, 0), (2020, 0, 1, 0, 0, 0, 0, 0), (2019, 2, 29, 0, 0, 0, 0, 0),
          (2020, 2, 30, 0, 0, 0, 0, 0), (2020, 4, 31, 0, 0, 0, 0, 0), (2020, 1, 0, 0, 0, 0, 0, 0),
          (2020, 1, 1, 24, 0, 0, 0, 0), (2020, 1, 1, -1, 0, 0, 0, 0), (2020, 1, 1, 0, 60, 0, 0, 0),
          (2020, 1, 1, 0, 0, 60, 0, 0), (2020, 1, 1, 0, 0, 0, 1000000, 0),
          (2020, 1, 1, 0, 0, 0, -1, 0), (2020, 1, 1, 0, 0, 0, 0, 2), (2020, 2, 29, 23, 59, 59, 999999, 1)]


def check_cases():
    lines = []
    for a in CHECKS:
        try:
            datetime.datetime(*a[:7], fold=a[7])
            lines.append('{ %d, %d, %d, %d, %d, %d, %d, %d, NULL },' % a)
        except ValueError as e:
            lines.append('{ %d, %d, %d, %d, %d, %d, %d, %d, %s },' % (a + (cstr(str(e)),)))
    return lines


DELTAS = [
    {}, {'days': 1}, {'days': -1}, {'seconds': 1}, {'seconds': -1}, {'microseconds': -1},
    {'days': 1, 'hours': 2, 'minutes': 3, 'seconds': 4, 'microseconds': 5},
    {'days': 999999999}, {'days': 1000000000}, {'days': -999999999}, {'days': -1000000000},
    {'weeks': 142857142}, {'weeks': 142857143}, {'seconds': 86400 * 999999999 + 86399},
    {'days': 0.5}, {'seconds': 0.5e-6}, {'seconds': 1.5e-6}, {'seconds': 2.5e-6},
    {'microseconds': 0.5}, {'microseconds': 1.5}, {'microseconds': -0.5}, {'microseconds': -1.5},
    {'days': 1.1, 'seconds': 2.2, 'microseconds': 3.3}, {'hours': -1.25}, {'minutes': 1 / 3},
    {'milliseconds': 1.0005}, {'milliseconds': -0.0015}, {'weeks': 1.5, 'days': -2.75},
    {'days': 1e20}, {'days': float('inf')}, {'days': float('nan')}, {'seconds': -float('inf')},
    {'days': 2, 'seconds': -1}, {'microseconds': 10 ** 15}, {'hours': 24 * 999999999 + 23},
    {'days': 3.0}, {'seconds': 1e-7}, {'microseconds': 123.4999}, {'days': -1e-6},
    {'milliseconds': 2 ** 40}, {'seconds': 1 / 7}, {'days': 1e9 - 0.1}, {'days': 999999999.99999},
]
ARGNAMES = ['days', 'seconds', 'microseconds', 'milliseconds', 'minutes', 'hours', 'weeks']


def delta_cases():
    lines = []
    for kw in DELTAS:
        args = []
        for n in ARGNAMES:
            v = kw.get(n, 0)
            if isinstance(v, float):
                fv = float.hex(v) if math.isfinite(v) else ('NAN' if math.isnan(v) else
                                                           ('INFINITY' if v > 0 else '-INFINITY'))
                args.append('{ 1, 0, %s }' % fv)
            else:
                args.append('{ 0, %dLL, 0 }' % v)
        a = '{ ' + ', '.join(args) + ' }'
        try:
            td = datetime.timedelta(**kw)
            lines.append('{ %s, %d, %d, %d, NULL, NULL, %s, %s },' % (
                a, td.days, td.seconds, td.microseconds, cstr(str(td)), cstr(repr(td))))
        except (OverflowError, ValueError) as e:
            lines.append('{ %s, 0, 0, 0, "%s", %s, NULL, NULL },' % (
                a, type(e).__name__, cstr(str(e))))
    return lines


GMTIMES = ['0', '-1', '86399', '86400', '951782400', '1700000000', '-62135596800', '-62135596801',
           '253402300799', '253402300800', '67768036191676799', '67768036191676800',
           '-67768040609740800', '-67768040609740801', '1e20', "float('nan')", '-0.5', '1.999',
           '-1e-300', '2.0**62', '-2.0**63', '2.0**63', '1234567890.5', '-86400.25']


def gmtime_cases():
    lines = []
    for src in GMTIMES:
        v = eval(src)
        fv = float.hex(v) if isinstance(v, float) and math.isfinite(v) else (
            'NAN' if isinstance(v, float) else '0')
        try:
            t = time.gmtime(v)
            try:
                asc = cstr(time.asctime(t))
            except OverflowError:
                asc = 'NULL'  # tm_year does not fit a C int
            lines.append('{ %d, %sLL, %s, %d, %d, %d, %d, %d, %d, %d, %d, NULL, NULL, %s },' % (
                isinstance(v, float), v if isinstance(v, int) else 0, fv, t.tm_year, t.tm_mon,
                t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, t.tm_wday, t.tm_yday, asc))
        except (OverflowError, ValueError, OSError) as e:
            lines.append('{ %d, %sLL, %s, 0, 0, 0, 0, 0, 0, 0, 0, "%s", %s, NULL },' % (
                isinstance(v, float), v if isinstance(v, int) else 0, fv, type(e).__name__,
                cstr(str(e))))
    return lines


def write(path, lines):
    with open(path, 'w') as f:
        f.write('/* Generated by tests/modules/gen_json_datetime.py with python3.11: do not edit. */\n')
        f.write('\n'.join(lines) + '\n')


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    write(os.path.join(out, 'cases_json.inc'), json_cases())
    write(os.path.join(out, 'cases_escape.inc'), escape_cases())
    write(os.path.join(out, 'cases_float.inc'), float_cases())
    write(os.path.join(out, 'cases_layout.inc'), layout_cases())
    write(os.path.join(out, 'cases_bytes.inc'), bytes_cases())
    write(os.path.join(out, 'cases_date.inc'), date_cases())
    write(os.path.join(out, 'cases_isocal.inc'), isocal_cases())
    write(os.path.join(out, 'cases_check.inc'), check_cases())
    write(os.path.join(out, 'cases_delta.inc'), delta_cases())
    write(os.path.join(out, 'cases_gmtime.inc'), gmtime_cases())


# ---- formats, strptime, fromisoformat (second table set) -------------------
def tz_of(secs, us=0):
    return datetime.timezone(datetime.timedelta(seconds=secs, microseconds=us))


FMT_DATETIMES = [
    (datetime.datetime(2020, 3, 4, 5, 6, 7, 8), None),
    (datetime.datetime(5, 1, 1), None),
    (datetime.datetime(1999, 12, 31, 23, 59, 59, 999999), None),
    (datetime.datetime(2021, 1, 3, 12, 0, 0), 3600),
    (datetime.datetime(2008, 12, 29, 0, 30), -19800),
    (datetime.datetime(9999, 12, 31, 13, 1, 1, 500), 0),
    (datetime.datetime(2026, 12, 2, 12, 22, 1), 3723),
    (datetime.datetime(2010, 1, 1, 1, 1, 1), -1),
]
FMTS = ['%a %A %b %B %h', '%c', '%d %e %j %m %y %Y %C', '%H %I %k %l %M %S %p %P', '%f', '%z', '%Z',
        '%U %W %V %G %g %u %w', '%x %X %D %F %T %R %r', '%%', '%-d %_d %05d %^a %#a %10Y %Ey %Od',
        '%Q', 'a%', '%', '%5%', '%3', '%n%t', 'plain text', '%-5d|%^B|%#p|%#Z|%:z', '%s',
        '%%z %%Z %%f', '%H:%M:%S.%f%z', '']


def strftime_cases():
    lines = []
    for dt, off in FMT_DATETIMES:
        if off is not None:
            dt = dt.replace(tzinfo=tz_of(off))
        tt = dt.timetuple()
        for f in FMTS:
            out = dt.strftime(f)
            tzname = dt.tzname()
            lines.append('{ %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %s, %s, %s },' % (
                dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                tt.tm_wday, tt.tm_yday, off is not None, off or 0,
                cstr(tzname) if tzname is not None else 'NULL', cstr(f), cstr(out)))
    return lines


TUPLES = [(2020, 3, 4, 5, 6, 7, 2, 64, 0), (5, 1, 1, 0, 0, 0, 0, 1, 0), (2020, 0, 0, 0, 0, 0, 0, 0, -1),
          (2020, 13, 1, 0, 0, 0, 0, 1, 0), (2020, 1, 32, 0, 0, 0, 0, 1, 0), (2020, 1, 1, 24, 0, 0, 0, 1, 0),
          (2020, 1, 1, 0, 60, 0, 0, 1, 0), (2020, 1, 1, 0, 0, 62, 0, 1, 0), (2020, 1, 1, 0, 0, 61, 0, 1, 0),
          (2020, 1, 1, 0, 0, 0, 9, 1, 0), (2020, 1, 1, 0, 0, 0, -1, 1, 0), (2020, 1, 1, 0, 0, 0, 0, 367, 0),
          (2020, 1, 1, 0, 0, 0, 0, -5, 0), (2020, 12, 31, 23, 59, 59, 3, 366, 0), (-5, 1, 1, 0, 0, 0, 0, 1, 0)]
TFMTS = ['%Y-%m-%d %H:%M:%S %a %j %U %W %V %G %u %w %y %C', '%c|%x|%X|%z|%Z|%s', '%%|%e|%p|%I']


def time_strftime_cases():
    lines = []
    for t in TUPLES:
        for f in TFMTS:
            try:
                out = time.strftime(f, t)
                lines.append('{ { %d, %d, %d, %d, %d, %d, %d, %d, %d }, %s, NULL, %s },' % (
                    t + (cstr(f), cstr(out))))
            except ValueError as e:
                lines.append('{ { %d, %d, %d, %d, %d, %d, %d, %d, %d }, %s, "ValueError", %s },' % (
                    t + (cstr(f), cstr(str(e)))))
    return lines


ISOFMT = [(datetime.datetime(2020, 1, 2, 3, 4, 5, 6), None, 'T', 'auto'),
          (datetime.datetime(2020, 1, 2, 3, 4, 5), 0, ' ', 'auto'),
          (datetime.datetime(2020, 1, 2, 3, 4, 5, 123456), 19800, 'T', 'milliseconds'),
          (datetime.datetime(2020, 1, 2, 3, 4, 5, 123456), -3601, 'x', 'hours'),
          (datetime.datetime(2020, 1, 2, 3, 4, 5), -86399, 'T', 'minutes'),
          (datetime.datetime(1, 1, 1), None, 'T', 'microseconds'),
          (datetime.datetime(2020, 1, 2, 3, 4, 5, 7), 'us', 'T', 'seconds'),
          (datetime.datetime(2020, 1, 2), None, 'T', 'bogus')]


def isofmt_cases():
    lines = []
    for dt, off, sep, ts in ISOFMT:
        osec, ous = (3600, 1) if off == 'us' else (off or 0, 0)
        if off is not None:
            dt = dt.replace(tzinfo=tz_of(osec, ous))
        try:
            out = dt.isoformat(sep, ts)
            err = 'NULL'
        except ValueError as e:
            out, err = '', cstr(str(e))
        tzn = str(dt.tzinfo) if dt.tzinfo else ''
        lines.append('{ %d, %d, %d, %d, %d, %d, %d, %d, %ld, %d, %s, %s, %s, %s, %s },' % (
            dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
            off is not None, osec, ous, cstr(sep), cstr(ts), cstr(out), err, cstr(tzn)))
    return lines


TZS = [0, 3600, -3600, 19800, -3605, 1, -1, 86399, -86399, 86400, -86400, 'us', '-us']


def tz_cases():
    lines = []
    for t in TZS:
        secs, us = (0, 1) if t == 'us' else ((-1, 999999) if t == '-us' else (t, 0))
        d = datetime.timedelta(seconds=secs, microseconds=us)
        try:
            z = datetime.timezone(d)
            lines.append('{ %d, %d, %d, %s, NULL },' % (d.days, d.seconds, d.microseconds, cstr(str(z))))
        except ValueError as e:
            lines.append('{ %d, %d, %d, NULL, %s },' % (d.days, d.seconds, d.microseconds, cstr(str(e))))
    return lines


STRPTIME = [
    ('2020-03-04', '%Y-%m-%d'), ('2020-3-4', '%Y-%m-%d'), ('20200304', '%Y%m%d'), ('2020-02-30', '%Y-%m-%d'),
    ('0000-01-01', '%Y-%m-%d'), ('31/12/99', '%d/%m/%y'), ('1/1/68', '%d/%m/%y'), ('1/1/69', '%d/%m/%y'),
    ('12:30:45', '%H:%M:%S'), ('12:30:45.5', '%H:%M:%S.%f'), ('12:30:45.1234567', '%H:%M:%S.%f'),
    ('1:05 PM', '%I:%M %p'), ('12:05 am', '%I:%M %p'), ('12:05 PM', '%I:%M %p'), ('12:05', '%I:%M'),
    ('Monday March 4 2020', '%A %B %d %Y'), ('mon mar 4 2020', '%a %b %d %Y'), ('MAR', '%b'),
    ('Sept', '%b'), ('Wed Mar  4 05:06:07 2020', '%c'), ('03/04/20', '%x'), ('05:06:07', '%X'),
    ('2020 100', '%Y %j'), ('2020 366', '%Y %j'), ('2019 366', '%Y %j'), ('2020 0 0', '%Y %U %w'),
    ('2020 10 3', '%Y %U %w'), ('2020 10 3', '%Y %W %w'), ('2020 0 1', '%Y %W %u'), ('2020 53 7', '%G %V %u'),
    ('2020 1 1', '%G %V %u'), ('2020 1', '%G %V'), ('2020 1 1', '%Y %V %u'), ('1 1', '%V %u'),
    ('2020 1 1 5', '%G %V %u %j'), ('2020', '%G'), ('+0530', '%z'), ('-05:30', '%z'), ('Z', '%z'),
    ('z', '%z'), ('+05:30:15.5', '%z'), ('+0530:15', '%z'), ('+05:3015', '%z'), ('+2400', '%z'),
    ('+053015.123456', '%z'), ('UTC', '%Z'), ('gmt', '%Z'), ('EST', '%Z'), ('2020', '%Y %'),
    ('2020', '%Y %q'), ('2020', '%'), ('x', '%.'), ('x', '% d'), ('x', '%\\'), ('2020-01-01x', '%Y-%m-%d'),
    ('2020-01-01', '%Y-%m'), ('abc', '%Y'), ("it's", '%Y'), ('', ''), ('', '%Y'), ('  2020', '%Y'),
    ('2020   03', '%Y %m'), ('2020\t03', '%Y %m'), ('202003', '%Y %m'), ('29 Feb', '%d %b'),
    ('2020-01-01 60', '%Y-%m-%d %S'), ('2020-01-01 61', '%Y-%m-%d %S'), ('2020 12 31 23', '%Y %m %d %H'),
    ('100%', '%d%%'), ('1.2', '%m.%d'), ('(1)', '(%d)'), ('31', '%d'), ('3 1', '%d %m'), ('310', '%d%m'),
    ('123', '%m%d'), ('1999 12', '%Y %W'), ('Tue 2020 10', '%a %Y %W'), ('2020 00 0', '%Y %W %w'),
    ('9999 53 7', '%G %V %u'), ('0001 1 1', '%G %V %u'), ('2021-W01-1', '%G-W%V-%u'), ('1 2 3', '%d %d %d'),
    ('PM 1', '%p %I'), ('5 pM', '%H %p'),
]


def strptime_cases():
    lines = []
    for data, fmt in STRPTIME:
        try:
            t = time.strptime(data, fmt)
            tres = '%d, %d, %d, %d, %d, %d, %d, %d, %d, NULL, NULL' % (
                t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, t.tm_wday, t.tm_yday, t.tm_isdst)
        except Exception as e:
            tres = '0, 0, 0, 0, 0, 0, 0, 0, 0, "%s", %s' % (
                're.error' if type(e).__name__ == 'error' else type(e).__name__, cstr(str(e)))
        try:
            d = datetime.datetime.strptime(data, fmt)
            off = d.utcoffset()
            dres = '%d, %d, %s, %d, NULL, NULL' % (
                d.microsecond, off is not None,
                '%dLL' % (off // datetime.timedelta(microseconds=1)) if off is not None else '0LL',
                1 if d.tzinfo and d.tzinfo.tzname(None) not in (None,) and str(d.tzinfo)[:3] != 'UTC' else 0)
        except Exception as e:
            dres = '0, 0, 0LL, 0, "%s", %s' % (
                're.error' if type(e).__name__ == 'error' else type(e).__name__, cstr(str(e)))
        lines.append('{ %s, %s, %s, %s },' % (cstr(data), cstr(fmt), tres, dres))
    return lines


ISO_STRINGS = [
    '2020-01-02', '20200102', '2020-W01', '2020W01', '2020-W01-3', '2020W013', '2020-W53-7', '2021-W53-1',
    '2020-W00-1', '2020-W01-0', '2020-W01-8', '2020-13-01', '2020-02-30', '0000-01-01', '2020-1-02',
    '2020-01-2', '2020/01/02', '202001', '2020-01-02T03:04:05', '2020-01-02 03:04:05.123456',
    '2020-01-02T03:04:05.1234567', '2020-01-02T03:04:05,5', '2020-01-02T03', '2020-01-02T0304',
    '2020-01-02T030405', '2020-01-02T03:0405', '2020-01-02T03:04:05Z', '2020-01-02T03:04:05z',
    '2020-01-02T03:04:05+05:30', '2020-01-02T03:04:05-0530', '2020-01-02T03:04:05+05',
    '2020-01-02T03:04:05+05:30:15.5', '2020-01-02T03:04:05+24:00', '2020-01-02T03:04:05+23:59:59.999999',
    '2020-01-02T03:04:05+00:00', '2020-01-02T03:04:05-00:00', '2020-01-02T24:00:00', '2020-01-02T03:60',
    '2020-01-02T03:04:60', '2020-01-02T', '2020-01-02T03:04:05.', '2020-01-02é03:04', '2020-01-02\udc8003:04',
    '2020-01-02x03:04', '20200102T030405', '2020W01T03', '2020W013T03', '2020-W01T03', '2020-W01-3T03:04',
    '2020-W01-03:04', '2020W0103', '2020W01030405', '2020-01-02T03:04:05Z ', '2020-01-02T03:04:05 ',
    '12:30', '12', '1230', '123045', '12:30:45.5', '12:30:45,123', 'T12:30', '12:30Z', '12:30+01:00',
    '12:30-0100', '12:3045', '24:00', '12:30:45.', '12:30:45.1234567', '', '2020', 'abcdefg', '12:30:4',
    '1:30', '12:30:45+', '12:30:45+01:', '12:30 ', '2020-01-02T03:04:05+05:30Z', '٢٠٢٠-01-02',
    '2020-01-02T03:04:05.000001+00:00:00.000001', '9999-12-31T23:59:59.999999', '0001-01-01T00:00',
    '2020-W01-', '2020W0', '2020-W1', '2020-W01-1-', '1234567', '12345678', 'T', 'TT12',
]


def iso_cases():
    lines = []
    for s in ISO_STRINGS:
        for kind, f in ((0, datetime.date.fromisoformat), (1, datetime.time.fromisoformat),
                        (2, datetime.datetime.fromisoformat)):
            try:
                v = f(s)
                if kind == 0:
                    flds = (v.year, v.month, v.day, 0, 0, 0, 0)
                elif kind == 1:
                    flds = (0, 0, 0, v.hour, v.minute, v.second, v.microsecond)
                else:
                    flds = (v.year, v.month, v.day, v.hour, v.minute, v.second, v.microsecond)
                off = v.utcoffset() if kind else None
                offus = off // datetime.timedelta(microseconds=1) if off is not None else 0
                lines.append('{ %s, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %dLL, %d, NULL },' % (
                    (cstr(s), len(s.encode('utf-8', 'surrogatepass')), kind) + flds +
                    (off is not None, offus, v.tzinfo is datetime.timezone.utc if kind else 0)))
            except ValueError as e:
                lines.append('{ %s, %d, %d, 0, 0, 0, 0, 0, 0, 0, 0, 0LL, 0, %s },' % (
                    cstr(s), len(s.encode('utf-8', 'surrogatepass')), kind, cstr(str(e))))
    return lines


def main2():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    write(os.path.join(out, 'cases_strftime.inc'), strftime_cases())
    write(os.path.join(out, 'cases_tstrftime.inc'), time_strftime_cases())
    write(os.path.join(out, 'cases_isofmt.inc'), isofmt_cases())
    write(os.path.join(out, 'cases_tz.inc'), tz_cases())
    write(os.path.join(out, 'cases_strptime.inc'), strptime_cases())
    write(os.path.join(out, 'cases_iso.inc'), iso_cases())


if __name__ == '__main__':
    main()
    main2()
