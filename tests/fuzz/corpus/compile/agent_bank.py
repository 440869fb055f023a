class Account:
    interest = 0.02
    _next_id = 1
    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self.balance = balance
        self.id = Account._next_id
        Account._next_id += 1
        self.history = []
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError(f"invalid amount: {amount}")
        self.balance += amount
        self.history.append(("deposit", amount))
        return self
    def withdraw(self, amount):
        if amount > self.balance:
            raise RuntimeError(f"insufficient funds: {self.balance:.2f} < {amount:.2f}")
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self
    def __repr__(self):
        return f"<Account #{self.id} {self.owner}: {self.balance:,.2f}>"
    def __lt__(self, other):
        return self.balance < other.balance
accounts = [Account("alice", 100), Account("bob"), Account("carol", 2500.5)]
accounts[1].deposit(50).deposit(25.25)
for acct, amt in [(accounts[0], 500), (accounts[1], 10), (accounts[2], -5)]:
    try:
        acct.withdraw(amt) if amt > 0 else acct.deposit(amt)
    except (ValueError, RuntimeError) as err:
        print(f"{type(err).__name__}: {err}")
print(sorted(accounts))
print(max(accounts), min(accounts, key=lambda a: a.owner))
summary = {a.owner: {"balance": round(a.balance, 2), "ops": len(a.history)} for a in accounts}
print(summary)
total = sum(a.balance for a in accounts)
print(f"Total: {total:>12,.2f} | avg {total / len(accounts):.3f}")
by_kind = {}
for a in accounts:
    for kind, amt in a.history:
        by_kind.setdefault(kind, []).append(amt)
print(by_kind, {k: sum(v) for k, v in by_kind.items()})
matrix = [[(i * j) % 7 for j in range(5)] for i in range(5)]
for row in matrix:
    print(" ".join(f"{v:2}" for v in row))
transposed = [list(col) for col in zip(*matrix)]
print(transposed[1], [sum(c) for c in transposed], any(0 in r for r in matrix))
words = "it was the best of times it was the worst of times".split()
uniq = list(dict.fromkeys(words))
print(uniq, len(uniq), sorted(set(words), key=words.index))
pairs = list(zip(words, words[1:]))
print(pairs[:3], [" ".join(p) for p in pairs if p[0] == "it"])
def chunk(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]
print(list(chunk(list(range(10)), 3)), [list(c) for c in chunk("abcdefg", 2)])
nums = [3, -1, 4, -1, 5, -9, 2, 6]
pos, neg = [n for n in nums if n > 0], [n for n in nums if n < 0]
print(pos, neg, sum(pos) / len(pos), sorted(nums, key=abs), list(map(abs, nums)))
print(f"{'left':<10}|{'center':^10}|{'right':>10}|")
print("%-10s|%6.2f|%+d" % ("pct", 12.3456, 7), "{:>8}".format("x"), f"{0.1234:.1%}")
s = "The Quick Brown Fox"
print(s.lower().replace(" ", "_"), s[::-1], s.split()[::-1], "".join(w[0] for w in s.split()))
print(s.center(25, "*"), s.find("Quick"), s.partition(" "), s.count("o"), s.isupper())
import sys
print(sys.version_info[:2] >= (3, 8), len(sys.argv))
