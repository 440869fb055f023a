# Agent-style: a ledger class with properties, class methods, str/repr and errors.
class InsufficientFunds(Exception):
    pass


class Account:
    _next_id = 1

    def __init__(self, owner, balance=0):
        self.id = Account._next_id
        Account._next_id += 1
        self.owner = owner
        self._balance = balance
        self.history = []

    @property
    def balance(self):
        return self._balance

    @classmethod
    def opening(cls, owner, amount):
        acct = cls(owner)
        acct.deposit(amount, memo="opening")
        return acct

    def deposit(self, amount, memo=""):
        if amount <= 0:
            raise ValueError(f"deposit must be positive, got {amount}")
        self._balance += amount
        self.history.append(("dep", amount, memo))

    def withdraw(self, amount):
        if amount > self._balance:
            raise InsufficientFunds(f"{self.owner} has {self._balance:.2f}, needs {amount:.2f}")
        self._balance -= amount
        self.history.append(("wd", amount, ""))

    def __repr__(self):
        return f"Account(id={self.id}, owner={self.owner!r}, balance={self._balance!r})"

    def __str__(self):
        return f"#{self.id} {self.owner}: {self._balance:,.2f}"

    def __lt__(self, other):
        return self._balance < other._balance


def transfer(src, dst, amount):
    try:
        src.withdraw(amount)
    except InsufficientFunds as e:
        print("transfer refused:", e)
        return False
    else:
        dst.deposit(amount, memo=f"from #{src.id}")
        return True
    finally:
        print(f"  after: {src} | {dst}")


a = Account.opening("ana", 100)
b = Account("bo", 25.5)
print(repr(a), repr(b))
print(transfer(a, b, 30), transfer(b, a, 1000), transfer(b, a, 55.5))
for bad in (0, -5):
    try:
        a.deposit(bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    a.balance = 5
except AttributeError as e:
    print("AttributeError", e)
print(sorted([a, b]), max(a, b).owner)
print(a.history, b.history)
print([str(x) for x in (a, b)], f"{a!r:.20}", f"{a!s:>25}")
print(vars(b), hasattr(a, "owner"), getattr(a, "missing", "n/a"))
