try:
    {}['x']
except KeyError as e:
    raise RuntimeError("failed") from e
