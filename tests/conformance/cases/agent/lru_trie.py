# Agent-style: hand-written LRU cache (OrderedDict) and a trie for autocomplete.
from collections import OrderedDict, Counter

class LRUCache:
    def __init__(self, capacity):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.data = OrderedDict()
        self.hits = self.misses = 0
        self.evicted = []

    def get(self, key, default=None):
        if key in self.data:
            self.data.move_to_end(key)
            self.hits += 1
            return self.data[key]
        self.misses += 1
        return default

    def put(self, key, value):
        if key in self.data:
            self.data.move_to_end(key)
        self.data[key] = value
        if len(self.data) > self.capacity:
            old, _ = self.data.popitem(last=False)
            self.evicted.append(old)

    def __contains__(self, key):
        return key in self.data

    def __len__(self):
        return len(self.data)

    def __repr__(self):
        return f"LRUCache({list(self.data.items())}, hits={self.hits}, misses={self.misses})"

cache = LRUCache(3)
for op in "put:a:1 put:b:2 get:a put:c:3 put:d:4 get:b get:c put:a:10 put:e:5 get:d get:a".split():
    parts = op.split(":")
    if parts[0] == "put":
        cache.put(parts[1], int(parts[2]))
    else:
        print(f"get {parts[1]} -> {cache.get(parts[1])}")
print(cache, cache.evicted, "a" in cache, len(cache))
try:
    LRUCache(0)
except ValueError as e:
    print("ValueError:", e)

class TrieNode:
    __slots__ = ("children", "count", "end")
    def __init__(self):
        self.children = {}
        self.count = 0
        self.end = False

class Trie:
    def __init__(self, words=()):
        self.root = TrieNode()
        self.size = 0
        for w in words:
            self.insert(w)

    def insert(self, word):
        node = self.root
        for ch in word:
            node = node.children.setdefault(ch, TrieNode())
            node.count += 1
        if not node.end:
            self.size += 1
        node.end = True

    def _find(self, prefix):
        node = self.root
        for ch in prefix:
            node = node.children.get(ch)
            if node is None:
                return None
        return node

    def complete(self, prefix, limit=None):
        node = self._find(prefix)
        out = []
        def walk(n, acc):
            if n.end:
                out.append(prefix + acc)
            for ch in sorted(n.children):
                walk(n.children[ch], acc + ch)
        if node:
            walk(node, "")
        return out[:limit] if limit else out

    def count_prefix(self, prefix):
        node = self._find(prefix)
        return node.count if node else 0

    def longest_common_prefix(self):
        node, acc = self.root, ""
        while len(node.children) == 1 and not node.end:
            (ch, node), = node.children.items()
            acc += ch
        return acc

words = "car card care careful cart cat catalog dog dot dote do".split()
t = Trie(words)
print(t.size, t.complete("car"), t.complete("ca", 3), t.complete("x"), t.complete("do"))
print({p: t.count_prefix(p) for p in ["c", "ca", "car", "care", "d", "z", ""]})
print(Trie(["interview", "internet", "interval"]).longest_common_prefix(), repr(Trie(["a", "b"]).longest_common_prefix()))
t.insert("car")
print(t.size, len(t.complete("")), t.complete("")[:4])
try:
    TrieNode().extra = 1
except AttributeError as e:
    print("AttributeError:", e)
freq = Counter(w[:2] for w in words)
print(freq.most_common(3), sorted(freq.elements())[:5])
memo_calls = LRUCache(100)
def edit_distance(a, b):
    key = (a, b)
    if key in memo_calls:
        return memo_calls.get(key)
    if not a or not b:
        r = len(a) + len(b)
    elif a[0] == b[0]:
        r = edit_distance(a[1:], b[1:])
    else:
        r = 1 + min(edit_distance(a[1:], b), edit_distance(a, b[1:]), edit_distance(a[1:], b[1:]))
    memo_calls.put(key, r)
    return r
for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("same", "same")]:
    print(a, b, edit_distance(a, b))
print(len(memo_calls), memo_calls.hits > 0, len(memo_calls.evicted))
