# Agent-style: tokenizer + recursive-descent calculator with variables and errors.
import re
import math

TOKEN_RE = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/%(),=^]))")

class CalcError(Exception):
    pass

class ParseError(CalcError):
    def __init__(self, msg, pos):
        super().__init__(f"{msg} at column {pos + 1}")
        self.pos = pos

def tokenize(src):
    pos, out = 0, []
    src = src.rstrip()
    while pos < len(src):
        m = TOKEN_RE.match(src, pos)
        if not m or m.end() == pos:
            raise ParseError(f"unexpected {src[pos]!r}", pos)
        kind = m.lastgroup
        out.append((kind, m.group(kind), m.start(kind)))
        pos = m.end()
    out.append(("end", None, len(src)))
    return out

FUNCS = {"sqrt": math.sqrt, "abs": abs, "max": max, "min": min, "round": round, "log": math.log}

class Parser:
    def __init__(self, tokens, env):
        self.toks, self.i, self.env = tokens, 0, env

    def peek(self):
        return self.toks[self.i]

    def take(self, value=None):
        tok = self.toks[self.i]
        if value is not None and tok[1] != value:
            raise ParseError(f"expected {value!r}, got {tok[1]!r}", tok[2])
        self.i += 1
        return tok

    def statement(self):
        if self.peek()[0] == "name" and self.toks[self.i + 1][1] == "=":
            name = self.take()[1]
            self.take("=")
            val = self.expr()
            self.env[name] = val
            return val
        return self.expr()

    def expr(self):
        val = self.term()
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            rhs = self.term()
            val = val + rhs if op == "+" else val - rhs
        return val

    def term(self):
        val = self.factor()
        while self.peek()[1] in ("*", "/", "%"):
            op, _, pos = self.take()
            rhs = self.factor()
            if op != "*" and rhs == 0:
                raise CalcError(f"division by zero at column {pos + 1}")
            val = val * rhs if op == "*" else val / rhs if op == "/" else val % rhs
        return val

    def factor(self):
        if self.peek()[1] in ("-", "+"):
            sign = -1 if self.take()[1] == "-" else 1
            return sign * self.factor()
        base = self.atom()
        if self.peek()[1] in ("**", "^"):
            self.take()
            return base ** self.factor()
        return base

    def atom(self):
        kind, value, pos = self.take()
        if kind == "num":
            return float(value) if any(c in value for c in ".eE") else int(value)
        if kind == "name":
            if self.peek()[1] == "(":
                self.take("(")
                args = [self.expr()]
                while self.peek()[1] == ",":
                    self.take()
                    args.append(self.expr())
                self.take(")")
                if value not in FUNCS:
                    raise CalcError(f"unknown function {value}()")
                return FUNCS[value](*args)
            if value in self.env:
                return self.env[value]
            raise CalcError(f"undefined variable {value!r}")
        if value == "(":
            v = self.expr()
            self.take(")")
            return v
        raise ParseError(f"unexpected {value!r}" if value else "unexpected end", pos)

def run(lines):
    env = {"pi": math.pi}
    for line in lines:
        try:
            p = Parser(tokenize(line), env)
            val = p.statement()
            if p.peek()[0] != "end":
                raise ParseError(f"trailing {p.peek()[1]!r}", p.peek()[2])
            print(f"{line:<24} => {val!r}")
        except ParseError as e:
            print(f"{line:<24} !! {type(e).__name__}: {e} (pos={e.pos})")
        except (CalcError, ValueError, OverflowError, TypeError) as e:
            print(f"{line:<24} !! {type(e).__name__}: {e}")
    return env

env = run([
    "1 + 2 * 3", "(1 + 2) * 3", "2 ** 3 ** 2", "-2 ^ 2", "7 / 2", "7 % 3", "x = 10", "y = x * 2.5e1",
    "sqrt(x * 10) + y", "max(1, x, 3) - min(4, 2)", "round(pi, 3)", "log(-1)", "1 / (x - 10)", "z + 1",
    "3 $ 4", "(1 + 2", "1 2", "foo(1)", "2 ** 0.5", "1e308 * 10", "10 ** 400 > 0", "abs(-7) * -1",
])
print(sorted(env), {k: round(v, 4) for k, v in env.items()})
print([t[:2] for t in tokenize("a1 = 3.5*(b-2)")])
