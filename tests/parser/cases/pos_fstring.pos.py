x = f"a{b}c{d!r:>{w}}"
y = f"{x}" "s" f"""
{z}"""
z = (f"{a}"
     f"{b}")
