class Box:
    def __init__(self):
        self.size = 3

b = Box()
total = b.size + b.weight * 2
