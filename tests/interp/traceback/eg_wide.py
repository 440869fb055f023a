# More than 15 members ("and N more exceptions") and nesting past depth 10.
eg = ExceptionGroup("wide", [ValueError(i) for i in range(18)])
g = ExceptionGroup("leaf", [KeyError("deep")])
for i in range(12):
    g = ExceptionGroup(f"level {i}", [g])
raise BaseExceptionGroup("top", [eg, g, KeyboardInterrupt()])
