x = f"a{b!r:>10}c{d=}" "e"
y = b"abc" b"\x00"
z = "\N{EM DASH}\u1234\n"
