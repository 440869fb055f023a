# Agent-style: leaderboard with multi-key stable sorts, ranking ties, and a bad record
# that ends the run with an uncaught exception.
from collections import defaultdict, namedtuple
from functools import cmp_to_key
from itertools import groupby

Result = namedtuple("Result", "player team game score minutes")
RAW = """
ana,red,g1,31,34
bo,blue,g1,31,30
cy,red,g1,12,20
di,green,g1,44,36
ana,red,g2,18,30
bo,blue,g2,40,35
ed,blue,g2,18,30
di,green,g2,9,15
cy,red,g2,31,28
fay,green,g2,31,34
"""
results = [Result(p, t, g, int(s), int(m)) for p, t, g, s, m in (line.split(",") for line in RAW.split())]
print(len(results), results[0])

by_score = sorted(results, key=lambda r: r.score, reverse=True)
print([f"{r.player}:{r.score}" for r in by_score])
stable = sorted(sorted(results, key=lambda r: r.player), key=lambda r: -r.score)
print([f"{r.player}:{r.score}" for r in stable])
multi = sorted(results, key=lambda r: (-r.score, r.minutes, r.player))
print([(r.player, r.game) for r in multi[:5]])

def dense_rank(items, key):
    ranks, rank, prev = [], 0, object()
    for it in items:
        k = key(it)
        if k != prev:
            rank += 1
            prev = k
        ranks.append((rank, it))
    return ranks

def competition_rank(items, key):
    out = []
    for i, it in enumerate(items):
        if i and key(it) == key(items[i - 1]):
            out.append((out[-1][0], it))
        else:
            out.append((i + 1, it))
    return out

totals = defaultdict(lambda: [0, 0, 0])
for r in results:
    t = totals[r.player]
    t[0] += r.score
    t[1] += r.minutes
    t[2] += 1
table = sorted(totals.items(), key=lambda kv: (-kv[1][0], kv[0]))
print(f"{'#':>2} {'dense':>5} {'player':<6} {'pts':>4} {'min':>4} {'ppm':>6}")
for (crank, (name, (pts, mins, n))), (drank, _) in zip(competition_rank(table, lambda kv: kv[1][0]), dense_rank(table, lambda kv: kv[1][0])):
    print(f"{crank:>2} {drank:>5} {name:<6} {pts:>4} {mins:>4} {pts / mins:>6.3f}")

team_pts = {team: sum(r.score for r in grp) for team, grp in groupby(sorted(results, key=lambda r: r.team), key=lambda r: r.team)}
print(team_pts, max(team_pts, key=team_pts.get))
def cmp_results(a, b):
    if a.score != b.score:
        return b.score - a.score
    return (a.player > b.player) - (a.player < b.player)
print([r.player for r in sorted(results, key=cmp_to_key(cmp_results))])
per_game = {g: max(grp, key=lambda r: (r.score, -r.minutes)).player for g, grp in groupby(sorted(results, key=lambda r: r.game), key=lambda r: r.game)}
print(per_game)
print(sorted(["b10", "a2", "a10", "b1", "a1"]), sorted(["b10", "a2", "a10", "b1", "a1"], key=lambda s: (s[0], int(s[1:]))))
print(sorted([(1, "b"), (1, "a"), (0, "z")], reverse=True), sorted("Banana", key=str.lower), sorted([3, 1, 2], key=lambda x: 0))
records = [{"name": "x", "score": 5}, {"name": "y"}, {"name": "z", "score": 7}]
print(sorted(records, key=lambda d: d.get("score", 0)))
print(sorted(records, key=lambda d: d["score"]))
