# sys.float_info, sys.int_info, sys.flags, sys.maxsize
import sys
fi = sys.float_info
print(fi)
print(fi.max, fi.min, fi.epsilon, fi.dig, fi.mant_dig, fi.radix, fi.rounds)
print(fi.max_exp, fi.max_10_exp, fi.min_exp, fi.min_10_exp)
print(len(fi), fi[0] == fi.max, fi[-1], isinstance(fi, tuple))
print(type(fi).__name__, type(fi))
print(1.0 + fi.epsilon > 1.0, 1.0 + fi.epsilon / 2 == 1.0)
print(fi.max * 2, -fi.max * 2)
ii = sys.int_info
print(ii)
print(ii.bits_per_digit, ii.sizeof_digit, ii.default_max_str_digits, ii.str_digits_check_threshold)
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1, hex(sys.maxsize))
print(sys.flags.optimize, sys.flags.debug, sys.flags.dev_mode, sys.flags.hash_randomization)
print(type(sys.flags).__name__)
a, *rest = sys.float_info
print(a, len(rest))
try:
    fi.max = 1
except AttributeError as e:
    print("AttributeError", e)
try:
    type(sys.flags)()
except TypeError as e:
    print("TypeError", e)
print(max(fi[:3]), fi.count(1), fi.index(53))
