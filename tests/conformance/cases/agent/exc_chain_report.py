# Agent-style: error reporting without traceback: chaining, hierarchies, notes-free.
class AppError(Exception):
    code = 1
    def __init__(self, msg, *, detail=None):
        super().__init__(msg)
        self.detail = detail
    def __str__(self):
        base = super().__str__()
        return f"{base} ({self.detail})" if self.detail else base

class ConfigError(AppError):
    code = 2

class NetworkError(AppError):
    code = 3

class RetryableNetworkError(NetworkError):
    pass

def load_config(text):
    try:
        key, value = text.split("=")
        return {key.strip(): int(value)}
    except ValueError as e:
        raise ConfigError("bad config line", detail=text) from e

def connect(attempt):
    if attempt < 2:
        raise RetryableNetworkError(f"attempt {attempt} timed out")
    if attempt == 2:
        try:
            {}["socket"]
        except KeyError:
            raise NetworkError("socket missing")
    return "connected"

def describe(e):
    parts = [f"{type(e).__name__}: {e}"]
    cause = e.__cause__ or (None if e.__suppress_context__ else e.__context__)
    while cause is not None:
        link = "caused by" if cause is e.__cause__ else "during handling of"
        parts.append(f"  {link} {type(cause).__name__}: {cause}")
        e, cause = cause, cause.__cause__ or (None if cause.__suppress_context__ else cause.__context__)
    return "\n".join(parts)

for line in ["port = 8080", "port = eighty", "a=b=c"]:
    try:
        print(load_config(line))
    except AppError as e:
        print(describe(e))
        print("  code", e.code, "args", e.args, "detail", repr(e.detail), repr(e))

for attempt in range(4):
    try:
        print(connect(attempt))
    except RetryableNetworkError as e:
        print("retry:", e, isinstance(e, NetworkError), type(e).__mro__[1].__name__)
    except NetworkError as e:
        print(describe(e))
        print("  context:", repr(e.__context__), e.__cause__)

errors = [ValueError("v"), KeyError("missing"), ZeroDivisionError("division by zero"), AppError("a", detail="d"), OSError(2, "No such file"), TypeError(), IndexError("i", 2)]
for e in errors:
    print(f"{type(e).__name__:<18}|{e!s:<22}|{e!r:<36}|{e.args}")

def risky(n):
    if n == 0:
        return 1 / n
    if n == 1:
        return [][n]
    if n == 2:
        return int("x")
    if n == 3:
        return None + 1
    if n == 4:
        raise AppError("custom", detail=n)
    return "fine"
results = {}
for n in range(6):
    try:
        results[n] = risky(n)
    except (ZeroDivisionError, IndexError) as e:
        results[n] = f"arith/index: {e}"
    except Exception as e:
        results[n] = f"{type(e).__name__}: {e}"
    else:
        results[n] += " (no error)"
    finally:
        results.setdefault("finally", 0)
        results["finally"] += 1
for k, v in results.items():
    print(k, "->", v)

try:
    try:
        raise ValueError("inner")
    finally:
        print("cleanup ran")
except ValueError as e:
    print("outer caught", e)
try:
    raise ConfigError("no cause") from None
except ConfigError as e:
    print(e.__cause__, e.__suppress_context__, e.__context__)
def gen_errors():
    for cls in AppError.__subclasses__():
        yield cls.__name__, cls.code, [c.__name__ for c in cls.__subclasses__()]
print(list(gen_errors()))
e = AppError("x")
e.extra = 5
print(e.extra, vars(e))
raise ConfigError("fatal: cannot continue", detail="exit")
