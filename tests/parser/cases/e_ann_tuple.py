x, y: int
