x = f"a{b}c{d!r:>{w}}"
