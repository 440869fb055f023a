# sys.get_int_max_str_digits / set_int_max_str_digits (CPython 3.11 limit on
# int <-> decimal str conversion) and sys.flags as under -I -S.
import sys
print(sys.flags)
print(sys.get_int_max_str_digits(), sys.int_info.default_max_str_digits)
x = 2 ** 20000
for bad in (100, -1, '5000', 2**40, 640):
    try:
        sys.set_int_max_str_digits(bad)
        print('set', bad, sys.get_int_max_str_digits())
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__, e)
for call in (lambda: sys.set_int_max_str_digits(), lambda: sys.set_int_max_str_digits(1000, 2),
             lambda: sys.set_int_max_str_digits(digits=5), lambda: sys.get_int_max_str_digits(1)):
    try:
        call()
    except TypeError as e:
        print('TypeError', e)
try:
    str(x)
except ValueError as e:
    print(e)
sys.set_int_max_str_digits(maxdigits=0)
print(len(str(x)), sys.get_int_max_str_digits())
sys.set_int_max_str_digits(True and 700)
print(sys.get_int_max_str_digits())
try:
    int('9' * 701)
except ValueError as e:
    print(e)
