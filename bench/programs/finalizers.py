# Finalizers: objects with __del__ dropped by reference counting, in
# containers, and in cycles the collector finds (issue #20).
class Resource:
    open_count = 0

    def __init__(self, name):
        self.name = name
        Resource.open_count += 1

    def __del__(self):
        Resource.open_count -= 1


class Node:
    def __init__(self):
        self.peer = self

    def __del__(self):
        Resource.open_count -= 0


for i in range(300000):
    r = Resource(i)
batch = [Resource(i) for i in range(200000)]
batch = None
for i in range(200000):
    Node()
print(Resource.open_count)
