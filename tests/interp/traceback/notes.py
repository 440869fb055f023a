# PEP 678 notes under a plain exception.
e = ValueError("v")
e.add_note("first")
e.add_note("two\nlines")
e.add_note("trailing\n")
e.add_note("")
raise e
