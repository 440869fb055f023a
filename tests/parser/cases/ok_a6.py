try:
    x
except ValueError as e:
    raise TypeError("a") from e
except (A, B):
    pass
else:
    y
finally:
    z
