été = 1
π = 3.14
变量 = "x"
ﬁ = 2
class Ñandú: pass
def naïve(α, β=1): return α
_x1 = 2
