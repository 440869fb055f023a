import json
from collections import defaultdict


class Inventory:
    """Tracks items."""

    def __init__(self, items=None):
        self.items = dict(items or {})
        self._log: list[str] = []

    def add(self, name: str, qty: int = 1) -> None:
        if qty <= 0:
            raise ValueError(f"bad quantity: {qty!r}")
        self.items[name] = self.items.get(name, 0) + qty
        self._log.append(f"add {name} x{qty}")

    @property
    def total(self):
        return sum(self.items.values())

    def __repr__(self):
        return f"Inventory({self.items!r})"


def group(words):
    out = defaultdict(list)
    for w in words:
        out[w[0]].append(w)
    return {k: sorted(v) for k, v in out.items() if len(v) > 1}


def main():
    inv = Inventory({"apple": 3})
    try:
        inv.add("pear", 2)
        inv.add("plum", 0)
    except ValueError as e:
        print("error:", e)
    finally:
        print(inv, inv.total)
    data = [x ** 2 for x in range(10) if x % 2]
    print(json.dumps({"data": data, "groups": group(["ab", "ac", "b"])}, indent=2))
    match data:
        case [first, *_]:
            print(first)
        case _:
            pass


if __name__ == "__main__":
    main()
