# The iterator types of the builtin sequences, by name.
print(type(reversed([])), type(reversed(())), type(reversed("")), type(reversed(range(2))), type(iter([])), type(iter(())), type(iter("")), type(iter(b"")), type(iter(set())), type(iter(range(3))))
l=[1,2,3]; r=reversed(l); print(next(r), list(r), list(reversed([])), repr(reversed([1]))[:22], list(reversed(l)) == l[::-1])
import itertools; print(list(itertools.islice(reversed(list(range(10))), 3)))
