class Temp:
    def __init__(self):
        self._c = 0
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273:
            raise ValueError("too cold")
        self._c = v
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    @staticmethod
    def unit():
        return "C"
    @classmethod
    def make(cls):
        return cls()
t = Temp.make()
t.celsius = 100
print(t.celsius, t.fahrenheit, Temp.unit(), t.unit())
try:
    t.celsius = -300
except ValueError as e:
    print(e)
try:
    t.fahrenheit = 1
except AttributeError as e:
    print(e)
