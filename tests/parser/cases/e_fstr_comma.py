f"{a b}"
