#!/usr/bin/python3.11
"""gen_cases.py -- writes tests/num/cases.inc, the expected values of the
numbers library's unit tests, computed by CPython 3.11 itself.

Run:  python3.11 tests/num/gen_cases.py > tests/num/cases.inc
(Optional arguments SEED SCALE make a larger, different random set for
ad-hoc differential runs; the committed file uses the defaults.)

Each case is {fn, a, b, c, expect}.  Encodings (shared with test_num.c):
  floats  "f:" + 16 hex digits of the IEEE bits ("f:nan" for any nan result)
  ints    "i:" + decimal
  str     "s:" + text            bools "b:0" / "b:1"
  errors  "e:" + "Type: message"
  pairs   two encodings separated by "|"
Inputs use the same encodings where a number is expected; lists of numbers
are separated by spaces.
"""
import math
import random
import struct
import sys

assert sys.version_info[:2] == (3, 11), "run with python3.11"

CASES = []


def fenc(x):
    if isinstance(x, float) and math.isnan(x):
        return "f:nan"
    return "f:%016x" % struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def enc(v):
    if isinstance(v, bool):
        return "b:%d" % v
    if isinstance(v, int):
        return ienc(v)
    if isinstance(v, float):
        return fenc(v)
    if isinstance(v, str):
        return "s:" + v
    if isinstance(v, tuple):
        return "|".join(enc(x) for x in v)
    if isinstance(v, complex):
        return "complex"
    raise TypeError(type(v))


def ienc(v):
    """Inputs are written without the str-digits limit (which the cases test)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return "i:%d" % v
    finally:
        sys.set_int_max_str_digits(old)


def add(fn, a, b, c, thunk):
    try:
        r = enc(thunk())
    except Exception as e:  # noqa: BLE001 - every exception is data here
        r = "e:%s: %s" % (type(e).__name__, e)
    CASES.append((fn, a, b, c, r))


SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 20261202
SCALE = int(sys.argv[2]) if len(sys.argv) > 2 else 1
rnd = random.Random(SEED)


def rand_double():
    k = rnd.randrange(10)
    if k < 4:
        bits = rnd.getrandbits(64)
        x = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if math.isnan(x):
            return 1.5
        return x
    if k < 7:
        return round(rnd.uniform(-1e6, 1e6), rnd.randrange(8))
    if k < 8:
        return rnd.choice([-1, 1]) * rnd.randrange(10**rnd.randrange(1, 20)) / 10**rnd.randrange(0, 25)
    return rnd.choice([-1, 1]) * float("1e%d" % rnd.randrange(-330, 309)) * rnd.choice([1, 1.5, 2.5, 9.999999, 1.2345678901234567])


def rand_int():
    k = rnd.randrange(6)
    if k == 0:
        return rnd.randrange(-20, 20)
    if k < 3:
        return rnd.randrange(-2**63, 2**63)
    if k < 4:
        return rnd.choice([2**63 - 1, -2**63, 2**63, -2**63 - 1, 2**64, 10**18, -10**19, 2**53 + 1])
    return rnd.choice([-1, 1]) * rnd.getrandbits(rnd.randrange(64, 700))


SPECIAL_FLOATS = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, 0.3, 1e16, 1e15, 1e-4, 1e-5, 2.5e-5,
                  123456789.123456789, 1 / 3, 2 / 3, 0.1 + 0.2, 5e-324, 2.2250738585072014e-308,
                  2.225073858507201e-308, 1.7976931348623157e308, math.inf, -math.inf, math.nan,
                  9007199254740993.0, 2**53, 2**63, 1e22, 1e23, 123.456, 0.001, 100.0, 1e100,
                  9.5, 0.05, 0.125, 0.375, 2.675, 1234567.0, 12345678901234567890.0, 4.35, 0.000123]
SPECIAL_FLOATS = [float(x) for x in SPECIAL_FLOATS]

# ---- repr(float) --------------------------------------------------------
for x in SPECIAL_FLOATS:
    add("repr", fenc(x), "", "", lambda x=x: repr(x))
for _ in range(6000):
    x = rand_double()
    add("repr", fenc(x), "", "", lambda x=x: repr(x))
# powers of two and neighbours: where shortest-digit search is asymmetric
for e in range(-1074, 1024, 7):
    x = math.ldexp(1.0, e)
    for y in (x, math.nextafter(x, 0), math.nextafter(x, math.inf)):
        if math.isfinite(y):
            add("repr", fenc(y), "", "", lambda y=y: repr(y))

# ---- format specs -------------------------------------------------------
FILLS = ["", "<", ">", "^", "=", "*<", "*>", "*^", "*=", "0<", "0=", "é^", "€>", "\U0001F600<", " ="]
SIGNS = ["", "+", "-", " "]
WIDTHS = ["", "0", "1", "5", "08", "12", "20", "010", "1"]
GROUPS = ["", "", ",", "_"]
PRECS = ["", "", ".0", ".1", ".3", ".6", ".10", ".17", ".25"]
FTYPES = ["", "e", "E", "f", "F", "g", "G", "n", "%", "", "g", "f"]
ITYPES = ["", "d", "b", "o", "x", "X", "c", "n", "e", "f", "g", "%", "G", "E", "F", "d"]


def rand_spec(types, allow_z=True):
    s = rnd.choice(FILLS) + rnd.choice(SIGNS)
    if allow_z and rnd.random() < 0.15:
        s += "z"
    if rnd.random() < 0.25:
        s += "#"
    if rnd.random() < 0.2:
        s += "0"
    s += rnd.choice(WIDTHS) + rnd.choice(GROUPS) + rnd.choice(PRECS) + rnd.choice(types)
    return s


BAD_SPECS = ["abc", "x", ",,", "_,", ",_", ".", "10.", "é", "\x01", "c", "s", "=", "z", "#", "ñ<",
             "99999999999999999999", ".99999999999999999999f", ".2147483648f", "<<", "<>10", "++",
             "-z#010,.3f", "s<", "10d", "__", "0", "00", "z.0f", "+.3%", "#x", ",x", "_x", "_b",
             ",d", ",c", "_n", ",n", ",s", "١٠", "١٠.٢f", ">١٠", "0=10", "x<>", "^^"]

fmt_floats = SPECIAL_FLOATS + [rand_double() for _ in range(60)]
for x in fmt_floats:
    for _ in range(25 * SCALE):
        spec = rand_spec(FTYPES)
        add("format_float", fenc(x), spec, "", lambda x=x, spec=spec: format(x, spec))
for x in [1.5, -0.0, math.inf, 12345.678]:
    for spec in BAD_SPECS + ["", "n", "g", ".0", ".1", "#", "#.0", "z", "z.1f", "10", "<010", "010",
                             "=10", "#g", "#.0e", "#.0f", ".0%", ",", "_", ",.2f", "_g", "010,",
                             "09,", "+010_.1f"]:
        add("format_float", fenc(x), spec, "", lambda x=x, spec=spec: format(x, spec))

fmt_ints = [0, 1, -1, 7, -7, 65, 255, -255, 1234, -1234, 10**6, 2**63 - 1, -2**63, 2**64, 0x10FFFF,
            0x110000, -2**100, 10**30, 12345678901234567890123] + [rand_int() for _ in range(40)]
for v in fmt_ints:
    for _ in range(30 * SCALE):
        spec = rand_spec(ITYPES, allow_z=rnd.random() < 0.1)
        add("format_int", ienc(v), spec, "", lambda v=v, spec=spec: format(v, spec))
for v in [0, 65, -1234, 10**40, 2**70]:
    for spec in BAD_SPECS + ["", "c", "=^5c", "010c", "+c", "#c", "<5c", ".2d", "z", "z.1f",
                             "#010_x", "010,", "09,", "011_", "#b", "#o", "#X", "_o", "_X", ",b",
                             "n", "e", "%", ".3%", "10,", "=+10,"]:
        add("format_int", ienc(v), spec, "", lambda v=v, spec=spec: format(v, spec))

fmt_strs = ["", "a", "ab", "hello", "é", "héllo wörld", "日本語", "\U0001F600x", "0123456789" * 3]
for s in fmt_strs:
    for _ in range(25 * SCALE):
        spec = rnd.choice(FILLS) + rnd.choice(["", "", "", "+", " ", "z", "#", "0"]) + \
            rnd.choice(WIDTHS) + rnd.choice(["", "", ",", "_"]) + rnd.choice(PRECS) + \
            rnd.choice(["", "", "s", "s", "d", "x"])
        add("format_str", s, spec, "", lambda s=s, spec=spec: format(s, spec))
    for spec in BAD_SPECS + ["", "s", "5", "05", "<5", "^7", ">3", "x^6.1", ".1", ".0", "=5", "+",
                             " ", "#", "z", "\U0001F600^9"]:
        add("format_str", s, spec, "", lambda s=s, spec=spec: format(s, spec))

# ---- %-formatting ---------------------------------------------------------
PFLAGS = ["", "-", "+", " ", "#", "0", "-0", "+0", "# ", "#0", "-#", "+ ", "0-+#"]
PWIDTH = ["", "1", "5", "8", "12", "25"]
PPREC = ["", ".0", ".1", ".3", ".8", ".20", ".60"]
for v in fmt_ints:
    for conv in "diuoxX":
        for _ in range(6 * SCALE):
            spec = "%" + rnd.choice(PFLAGS) + rnd.choice(PWIDTH) + rnd.choice(PPREC) + conv
            add("pct_int", ienc(v), spec, "", lambda v=v, spec=spec: spec % v)
for x in fmt_floats:
    for conv in "eEfFgG":
        for _ in range(5 * SCALE):
            spec = "%" + rnd.choice(PFLAGS) + rnd.choice(PWIDTH) + rnd.choice(PPREC) + conv
            add("pct_float", fenc(x), spec, "", lambda x=x, spec=spec: spec % x)
for v in [10**5000, -10**5000]:
    for spec in ["%d", "%x", "%o", "%#X", "%.5000d"]:
        add("pct_int", ienc(v), spec, "", lambda v=v, spec=spec: spec % v)
    for spec in ["", "d", ",", "x", "_b", "e", "c"]:
        add("format_int", ienc(v), spec, "", lambda v=v, spec=spec: format(v, spec))
for v in [0, 65, 233, 0x20AC, 0x1F600, 0x10FFFF, 0x110000, -1, 2**70]:
    for spec in ["%c", "%5c", "%-5c", "%05c", "%.3c", "%+c"]:
        add("pct_char", ienc(v), spec, "", lambda v=v, spec=spec: spec % v)

# ---- parsing --------------------------------------------------------------
FLOAT_STRS = ["0", "1", "-1", "+1.5", "1.", ".5", "5.", "1e5", "1E5", "1e+5", "1e-5", "-.5e-3",
              "1_000.5", "1_0.5_5", "1__0", "_1", "1_", "1._5", "1_.5", "1e1_0", "1e_10", "1_e10",
              "inf", "-inf", "+inf", "Infinity", "-iNfInItY", "infinit", "nan", "-nan", "NaN",
              "nan(1)", "1e", ".e1", ".", "e1", "", " ", "  1.5  ", "\t\n1\r\x0b\x0c", "- 1",
              "1 2", "0x10", "0x1p3", "1e999", "-1e999", "1e-999", "4.9e-324", "2.4703282292062327e-324",
              "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623159e308",
              "0.1", "3.14159265358979323846264338327950288", "1" * 400, "0." + "0" * 300 + "1",
              "١٢٣.٥", "１２", "\u00a01.5\u2003", "1\x1c", "1\x7f", "12a", "é", "1é",
              "+-1", "--1", "1e+-5", "00001.5", "9" * 30 + "e-10", "123456789012345678901234567890"]
for s in FLOAT_STRS:
    add("parse_float", s, "", "", lambda s=s: float(s))
for _ in range(400 * SCALE):
    x = rand_double()
    s = rnd.choice([repr(x), "%.20e" % x, "%.17g" % x, "%.5f" % x if abs(x) < 1e30 else repr(x)])
    add("parse_float", s, "", "", lambda s=s: float(s))

INT_STRS = [("0", 10), ("-0", 10), ("12", 10), ("+12", 10), (" -12 ", 10), ("1_000", 10),
            ("1__0", 10), ("_1", 10), ("1_", 10), ("", 10), ("+", 10), ("-", 10), ("1 2", 10),
            ("12a", 10), ("12a", 16), ("0x1f", 16), ("0X1F", 16), ("0x_1f", 16), ("0x__1f", 16),
            ("0x", 16), ("0x", 0), ("0x1f", 0), ("0o17", 0), ("0O17", 8), ("0b101", 0), ("0b101", 2),
            ("0b101", 16), ("0b", 2), ("010", 0), ("00", 0), ("0_0", 0), ("0_7", 0), ("07", 0),
            ("0", 0), ("-0x_ff", 0), ("z", 36), ("Z", 36), ("zz", 35), ("9", 8), ("12", 1),
            ("12", 37), ("12", -1), ("１２", 10), ("٣", 0), ("\u00a012\u2003", 10),
            ("a" * 300, 10), ("é" * 300, 10), ("'\"", 10), ("9" * 18, 10), ("9" * 19, 10),
            ("9223372036854775807", 10), ("9223372036854775808", 10), ("-9223372036854775808", 10),
            ("-9223372036854775809", 10), ("1" * 640, 10), ("1" * 4300, 10), ("1" * 4301, 10),
            ("1" * 5000 + "x", 10), ("1" * 5000, 16), ("1" * 5000, 2), ("7" * 5000, 8), ("1" * 5000, 36),
            ("1_" * 4300 + "1", 10), ("ffff_ffff_ffff_ffff_ffff", 16), ("0o_7", 8), ("0b_", 2),
            ("12\n", 10), ("\t12", 0), ("0xg", 16), ("1e5", 10)]
for s, base in INT_STRS:
    add("parse_int", s, ienc(base), "", lambda s=s, base=base: int(s, base))
for _ in range(300 * SCALE):
    v = rand_int()
    base = rnd.choice([0, 2, 8, 10, 16, 36, 7])
    if base == 0:
        s = rnd.choice([str(v), hex(v), oct(v), bin(v)])
    elif base == 10:
        s = str(v)
    else:
        digs = "0123456789abcdefghijklmnopqrstuvwxyz"
        m, out = abs(v), ""
        while True:
            out = digs[m % base] + out
            m //= base
            if m == 0:
                break
        s = ("-" if v < 0 else "") + out
    add("parse_int", s, ienc(base), "", lambda s=s, base=base: int(s, base))

for v in fmt_ints + [10**4299, 10**4300, -10**4300, 10**5000]:
    add("int_str", ienc(v),
        "", "", lambda v=v: str(v))
    add("int_bin", ienc(v), "", "", lambda v=v: bin(v))
    add("int_oct", ienc(v), "", "", lambda v=v: oct(v))
    add("int_hex", ienc(v), "", "", lambda v=v: hex(v))

# ---- int semantics -------------------------------------------------------
pairs = [(1, 3), (2, 3), (-1, 3), (0, -5), (0, 5), (7, 0), (10**400, 1), (10**400, 10**399),
         (1, 10**400), (-1, 10**330), (2**1024, 1), (2**1024 - 2**970, 1), (2**1024 - 2**971, 1),
         (2**1023, 1), (2**53 + 1, 1), (2**53 + 3, 2), (2**54 + 1, 2), (10**30, 7), (1, 2**1074),
         (1, 2**1075), (3, 2**1076), (1, 2**1076), (2**1100, 2**1100 - 1), (-(10**22), 3),
         (12345678901234567890, 98765432109876543210)]
for _ in range(300 * SCALE):
    pairs.append((rand_int(), rand_int() or 1))
for a, b in pairs:
    add("truediv", ienc(a), ienc(b), "", lambda a=a, b=b: a / b)
for v in fmt_ints + [2**1024, 2**1024 - 2**970, 2**1024 - 2**971 - 1, 2**53 + 1, 2**54 + 2, 2**54 + 6,
                     -(2**60 + 2**7), 2**60 + 2**7 + 1]:
    add("int_float", ienc(v), "", "", lambda v=v: float(v))
    add("bit_length", ienc(v), "", "", lambda v=v: v.bit_length())
    add("bit_count", ienc(v), "", "", lambda v=v: v.bit_count())
for v in [0, 1, -1, 127, 128, -128, -129, 255, 256, 65535, -32768, 2**63, -2**63, 10**30, -10**30]:
    for length in [0, 1, 2, 8, 16]:
        for order in ["big", "little"]:
            for signed in [False, True]:
                add("to_bytes", ienc(v), ienc(length), order + ("s" if signed else "u"),
                    lambda v=v, length=length, order=order, signed=signed:
                    v.to_bytes(length, order, signed=signed).hex())
for hx in ["", "00", "ff", "80", "7f", "0100", "ff7f", "ffffffffffffffff", "8000000000000000",
           "0123456789abcdef0123456789abcdef01", "ff" * 20]:
    for order in ["big", "little"]:
        for signed in [False, True]:
            add("from_bytes", hx, order, "s" if signed else "u",
                lambda hx=hx, order=order, signed=signed:
                int.from_bytes(bytes.fromhex(hx), order, signed=signed))
triples = [(2, 10, 1000), (2, -1, 4), (3, -1, 7), (3, -1, -7), (2, 1, 0), (0, -1, 1), (5, 3, 1), (5, 3, -1),
           (-5, 3, 7), (-5, 3, -7), (10**30, 10**30, 10**9 + 7), (2, -3, 10**20 + 39), (6, -1, 9)]
for _ in range(80 * SCALE):
    triples.append((rand_int(), abs(rand_int()) % 10**rnd.randrange(1, 60), rand_int() or 3))
for a, b, m in triples:
    add("powmod", ienc(a), ienc(b), ienc(m), lambda a=a, b=b, m=m: pow(a, b, m))
for v in [0, 5, 15, 25, 35, 45, -15, -25, 1234567, -1234567, 10**30 + 5 * 10**10, 2**70, 150, 250, 349]:
    for nd in [3, 0, -1, -2, -3, -10, -31, -100, -5000]:
        add("round_int", ienc(v), ienc(nd), "", lambda v=v, nd=nd: round(v, nd))

# ---- float semantics -----------------------------------------------------
fpairs = [(7.0, 2.0), (-7.0, 2.0), (7.0, -2.0), (-7.0, -2.0), (0.0, 3.0), (-0.0, 3.0), (0.0, -3.0),
          (1.0, 0.0), (1.0, -0.0), (5.0, math.inf), (-5.0, math.inf), (math.inf, 2.0), (math.nan, 1.0),
          (1.0, math.nan), (0.5, 0.1), (1e300, 1e-300), (-1e-300, 1e300), (3.5, 1.5), (-3.5, 1.5),
          (1e16, 3.0), (6.0, 3.0), (-6.0, 3.0), (0.1, 0.01)]
for _ in range(200 * SCALE):
    fpairs.append((rand_double(), rand_double()))
for a, b in fpairs:
    add("floordiv", fenc(a), fenc(b), "", lambda a=a, b=b: a // b)
    add("mod", fenc(a), fenc(b), "", lambda a=a, b=b: a % b)
    add("divmod", fenc(a), fenc(b), "", lambda a=a, b=b: divmod(a, b))
powpairs = [(0.0, -1.0), (-0.0, -1.0), (-0.0, -3.0), (0.0, 0.0), (math.nan, 0.0), (1.0, math.nan),
            (-8.0, 1 / 3), (-8.0, 3.0), (-8.0, 2.0), (-1.0, 1e300), (-1.0, math.inf), (2.0, math.inf),
            (0.5, math.inf), (2.0, -math.inf), (math.inf, -1.0), (-math.inf, 3.0), (-math.inf, -3.0),
            (-math.inf, 2.0), (10.0, 400.0), (10.0, -400.0), (2.0, 0.5), (-0.0, 3.0), (-0.0, 0.5),
            (0.0, math.inf), (1e308, 2.0), (-1e308, 3.0)]
for _ in range(100 * SCALE):
    powpairs.append((rand_double() % 50, rnd.uniform(-30, 30)))
for a, b in powpairs:
    add("float_pow", fenc(a), fenc(b), "", lambda a=a, b=b: a ** b)
    add("math_pow", fenc(a), fenc(b), "", lambda a=a, b=b: math.pow(a, b))
    add("fmod", fenc(a), fenc(b), "", lambda a=a, b=b: math.fmod(a, b))
    add("remainder", fenc(a), fenc(b), "", lambda a=a, b=b: math.remainder(a, b))
    add("atan2", fenc(a), fenc(b), "", lambda a=a, b=b: math.atan2(a, b))
rfloats = SPECIAL_FLOATS + [rand_double() for _ in range(150 * SCALE)] + [0.5, 1.5, -0.5, -2.5, 3.5, 4.5, 2**52 + 0.5,
                                                                  1e20, -1e300, 0.49999999999999994]
for x in rfloats:
    add("trunc", fenc(x), "", "", lambda x=x: int(x))
    add("floor", fenc(x), "", "", lambda x=x: math.floor(x))
    add("ceil", fenc(x), "", "", lambda x=x: math.ceil(x))
    add("round0", fenc(x), "", "", lambda x=x: round(x))
    add("hex", fenc(x), "", "", lambda x=x: x.hex())
    add("ratio", fenc(x), "", "", lambda x=x: x.as_integer_ratio())
    add("is_integer", fenc(x), "", "", lambda x=x: x.is_integer())
    add("ulp", fenc(x), "", "", lambda x=x: math.ulp(x))
    add("frexp", fenc(x), "", "", lambda x=x: math.frexp(x))
    add("sqrt", fenc(x), "", "", lambda x=x: math.sqrt(x))
    add("exp", fenc(x), "", "", lambda x=x: math.exp(x))
    add("log_float", fenc(x), "e", "", lambda x=x: math.log(x))
    add("log_float", fenc(x), "2", "", lambda x=x: math.log2(x))
    add("log_float", fenc(x), "a", "", lambda x=x: math.log10(x))
    for name in ["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "erfc",
                 "exp", "exp2", "expm1", "fabs", "log1p", "sin", "sinh", "tan", "tanh", "cbrt"]:
        add("math1", fenc(x), name, "", lambda x=x, name=name: getattr(math, name)(x))
    for nd in [0, 1, 2, 3, -1, -2, 5, 15, 17, 300, 400, -305, -308, -400]:
        add("round", fenc(x), ienc(nd), "", lambda x=x, nd=nd: round(x, nd))
    for v in [0, 1, -1, 2**53 + 1, 2**63, -2**63, 10**400, int(x) if math.isfinite(x) else 3]:
        add("cmp", fenc(x), ienc(v), "",
            lambda x=x, v=v: 2 if math.isnan(x) else (-1 if x < v else 1 if x > v else 0))
    for y in [0.0, math.inf, -math.inf, 1.0]:
        add("nextafter", fenc(x), fenc(y), "", lambda x=x, y=y: math.nextafter(x, y))
    for e in [0, 1, -1, 1000, -1100, 10**30, -10**30]:
        add("ldexp", fenc(x), ienc(e), "", lambda x=x, e=e: math.ldexp(x, e))
for x in [2.675, 0.125, 0.375, 2.5, 1.15, 1.25, 1.35, 5e-324, 1.7976931348623157e308, 1e300]:
    for nd in [0, 1, 2, -1, -300, -308, 323, 324]:
        add("round", fenc(x), ienc(nd), "", lambda x=x, nd=nd: round(x, nd))
HEXES = ["0x1.8p1", "0X1.8P+1", "1.8p1", "-0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075",
         "0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023", "0x1p1024", "inf", "-Infinity", "nan",
         "0x", "0x.", "0x.8", "0x8.", "  0x1p0  ", "0x1p", "0x1p+", "0xg", "", "1", "abc", "0x1.8p1 x",
         "0x0p99999999999", "0x1p-99999999999", "0x1p99999999999", "0x123456789abcdef123456789p-10",
         "0x0.0000000000001p-1022", "0x1.00000000000008p0", "0x1.00000000000018p0", "0x1.000000000000081p0",
         "-0x0p0", "0x1_0p0", "+0x1p0", "0x1.p0", ".8p1", "0x1p1_0"]
for s in HEXES:
    add("fromhex", s, "", "", lambda s=s: float.fromhex(s))
for x in rfloats:
    if math.isfinite(x):
        add("fromhex", x.hex(), "", "", lambda x=x: float.fromhex(x.hex()))

# ---- hashing -------------------------------------------------------------
for v in fmt_ints + [2**61 - 1, 2**61, 2**61 - 2, -(2**61 - 1), 2**122, 10**100, -1, -2]:
    add("hash_int", ienc(v), "", "", lambda v=v: hash(v))
for x in rfloats:
    if not math.isnan(x):
        add("hash_float", fenc(x), "", "", lambda x=x: hash(x))
tuples = [(), (1,), (1, 2, 3), (-1,), (-2,), (0, 0), tuple(range(20)), (2**100, -5), (10**30,)]
for _ in range(30):
    tuples.append(tuple(rand_int() for _ in range(rnd.randrange(0, 6))))
for t in tuples:
    add("hash_tuple", " ".join(ienc(v) for v in t), "", "", lambda t=t: hash(t))

# ---- math ----------------------------------------------------------------
flists = [[], [1.0], [0.1] * 10, [1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50], [1e308, 1e308],
          [math.inf, -math.inf], [math.inf, 1.0], [math.nan, 1.0], [math.inf, math.nan],
          [1e-16, 1.0, 1e16], [2.0**53, -0.5, -2.0**-54], [-0.0], [0.0, -0.0], [1e308, -1e308, 1e308]]
for _ in range(60 * SCALE):
    flists.append([rand_double() % 1e10 * rnd.choice([-1, 1]) for _ in range(rnd.randrange(1, 30))])
for fl in flists:
    s = " ".join(fenc(x) for x in fl)
    add("fsum", s, "", "", lambda fl=fl: math.fsum(fl))
    add("hypot", s, "", "", lambda fl=fl: math.hypot(*fl))
for _ in range(60 * SCALE):
    n = rnd.randrange(1, 8)
    p = [rand_double() % 1e5 for _ in range(n)]
    q = [rnd.uniform(-1e5, 1e5) for _ in range(n)]
    add("dist", " ".join(fenc(x) for x in p), " ".join(fenc(x) for x in q), "",
        lambda p=p, q=q: math.dist(p, q))
add("hypot", " ".join(fenc(x) for x in [5e-324, 5e-324, 1e-320]), "", "",
    lambda: math.hypot(5e-324, 5e-324, 1e-320))
for v in [1, 2, 10, 10**22, 2**1023, 2**1024, 10**400, 10**1000, 2**5000, 3**3000, 0, -1, -10**400]:
    for w, fn in [("e", math.log), ("2", math.log2), ("a", math.log10)]:
        add("log_int", ienc(v), w, "", lambda v=v, fn=fn: fn(v))
for v in [0, 1, 2, 15, 16, 17, 10**30, 2**200 - 1, -1, 10**400]:
    add("isqrt", ienc(v), "", "", lambda v=v: math.isqrt(v))
for v in [0, 1, 5, 20, 21, 100, -1, 10**30]:
    add("factorial", ienc(v), "", "", lambda v=v: math.factorial(v))
nks = [(5, 2), (5, 0), (5, 5), (5, 6), (0, 0), (-1, 2), (5, -1), (-1, -1), (100, 50), (10**30, 3),
       (10**30, 10**29), (10**30, 10**30 - 2), (5, 10**30), (52, 5)]
for n, k in nks:
    add("comb", ienc(n), ienc(k), "", lambda n=n, k=k: math.comb(n, k))
    add("perm", ienc(n), ienc(k), "", lambda n=n, k=k: math.perm(n, k))
for n in [0, 5, -1, 20]:
    add("perm", ienc(n), "none", "", lambda n=n: math.perm(n))
ilists = [[], [0], [12, 18], [-12, 18], [0, 5], [0, 0], [2**100, 2**80 * 3], [4, 6, 10], [7, -7],
          [10**30, 15, 35]]
for il in ilists:
    s = " ".join(ienc(v) for v in il)
    add("gcd", s, "", "", lambda il=il: math.gcd(*il))
    add("lcm", s, "", "", lambda il=il: math.lcm(*il))
for a, b, rt, at in [(1.0, 1.0, 1e-9, 0.0), (1.0, 1.0 + 1e-10, 1e-9, 0.0), (1.0, 1.1, 1e-9, 0.0),
                     (0.0, 1e-10, 1e-9, 0.0), (0.0, 1e-10, 1e-9, 1e-9), (math.inf, math.inf, 1e-9, 0.0),
                     (math.inf, 1e308, 1e-9, 0.0), (math.nan, math.nan, 1e-9, 0.0), (1.0, 1.0, -1.0, 0.0),
                     (1.0, 2.0, 0.0, -1.0)]:
    add("isclose", fenc(a), fenc(b), fenc(rt) + " " + fenc(at),
        lambda a=a, b=b, rt=rt, at=at: math.isclose(a, b, rel_tol=rt, abs_tol=at))


def c_string(s):
    out = []
    for ch in s.encode("utf-8", "surrogatepass"):
        if ch in (0x22, 0x5C):
            out.append("\\" + chr(ch))
        elif 0x20 <= ch < 0x7F and ch != 0x3F:   # avoid ?? trigraph-like runs
            out.append(chr(ch))
        else:
            out.append("\\%03o" % ch)
    return '"' + "".join(out) + '"'


print("/* Generated by tests/num/gen_cases.py with python3.11: do not edit. */")
for fn, a, b, c, r in CASES:
    print("{%s, %s, %s, %s, %s}," % (c_string(fn), c_string(a), c_string(b), c_string(c), c_string(r)))
sys.stderr.write("%d cases\n" % len(CASES))
