# Module attribute loads cached on the module dict's version: a module
# attribute rebound, deleted, added back, a module __getattr__ (PEP 562)
# added later, and the same load site seeing different modules.
import math

ModuleType = type(math)


roots = []
for i in range(6):
    roots.append(math.sqrt(16))
    if i == 1:
        real_sqrt = math.sqrt
        math.sqrt = lambda x: "patched"
    if i == 3:
        math.sqrt = real_sqrt
print(roots)

m = ModuleType("m")
m.value = 1
seen = []
for i in range(8):
    try:
        seen.append(m.value)
    except AttributeError as e:
        seen.append("AE " + str(e))
    if i == 1:
        exec("value = 2", m.__dict__)
    if i == 2:
        m.__dict__["value"] = 3
    if i == 3:
        del m.value
    if i == 4:
        m.__getattr__ = lambda name: "from __getattr__ " + name
    if i == 5:
        m.value = 6
    if i == 6:
        del m.value
print(seen)

m2 = ModuleType("m2")
m2.value = "other module"
for mod in [m, m2, m, math]:
    print(getattr(mod, "__name__"), end=" ")
    try:
        print(mod.value)
    except AttributeError as e:
        print("AE", e)


class Sub(ModuleType):
    @property
    def value(self):
        return "property of a module subclass"


s = Sub("s")
s.__dict__["value"] = "dict"
for mod in [m2, s, m2]:
    print(mod.value)
