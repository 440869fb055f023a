try:
    1 / 0
except ZeroDivisionError:
    undefined_fn()
