def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        raise LookupError(f"no entry {key!r}") from None

lookup({"a": 1}, "b")
