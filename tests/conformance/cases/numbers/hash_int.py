print(hash(1), hash(-1), hash(-2), hash(2**61 - 1), hash(2**61), hash(10**20))
print(hash(1.0), hash(1.5), hash(True), hash(0))
print(hash((1, 2)), hash(()))
