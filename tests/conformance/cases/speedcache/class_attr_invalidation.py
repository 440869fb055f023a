# Inline caches of class attributes under change, each site warmed in a
# loop first: a class attribute changed mid-loop and read through
# instances (attributes as inline values, a real __dict__, __slots__) and
# through the class; a method replaced mid-loop (LOAD_METHOD on instances
# and on the class); a base class's attribute changed; a class attribute
# replaced later by a property; __class__ assignment; an ABC registered
# after isinstance was answered (and cached) for the same class.
from collections.abc import Sized, Hashable

ABCMeta = type(Sized)   # box has no abc module; collections.abc's ABCs share it


class Rate:
    factor = 2
    name = "rate"

    def __init__(self, v):
        self.v = v

    def scaled(self):
        return self.v * self.factor


class WithDict(Rate):
    pass


class Slotted:
    __slots__ = ("v",)
    factor = 3

    def __init__(self, v):
        self.v = v


plain, dicted, slotted = Rate(1), WithDict(2), Slotted(4)
dicted.__dict__["extra"] = 0      # a real dict, not inline values
out = []
for i in range(8):
    out.append((plain.factor, dicted.factor, slotted.factor, Rate.factor, WithDict.factor,
                Slotted.factor, plain.scaled(), dicted.scaled(), Rate.name))
    if i == 2:
        Rate.factor = 10           # plain over plain: a store that keeps the version
        Slotted.factor = 30
    if i == 4:
        Rate.factor = 2.5
        Rate.name = None
    if i == 5:
        WithDict.factor = -1       # a new name on the subclass: shadows the base
print(out)

# a class attribute stored in a loop through the class (one STORE_ATTR
# site) while another site reads it through an instance
class Tick:
    n = 0


t = Tick()
for i in range(5):
    Tick.n = Tick.n + 1
    print(Tick.n, t.n, end="; ")
print()

# a method replaced mid-loop, called through instances and the class
class Greeter:
    def hello(self):
        return "hello"

    @staticmethod
    def tag():
        return "s1"


g = Greeter()
calls = []
for i in range(7):
    calls.append((g.hello(), Greeter.hello(g) if hasattr(Greeter, "hello") else "-", Greeter.tag(), g.tag()))
    if i == 1:
        Greeter.hello = lambda self: "replaced"
    if i == 3:
        Greeter.tag = staticmethod(lambda: "s2")
    if i == 4:
        g.hello = lambda: "instance attr"   # the instance shadows the method
    if i == 5:
        del Greeter.hello                   # the instance's own is still there
print(calls)

# a base class's attribute changed (plain store, then a function), read
# through a subclass instance, the subclass, and a grandchild
class Base:
    size = 1


class Mid(Base):
    pass


class Leaf(Mid):
    def get(self):
        return self.size


leaf = Leaf()
sizes = []
for i in range(7):
    sizes.append((leaf.size, leaf.get(), Mid.size, Leaf.size))
    if i == 1:
        Base.size = 2
    if i == 3:
        Mid.size = "mid"               # a new name on Mid: shadows Base's
    if i == 4:
        Base.size = 99                 # now hidden behind Mid's
    if i == 5:
        del Mid.size                   # Base's shows again
print(sizes)

# a class attribute replaced later by a property, then by a plain value
class Temp:
    celsius = 20

    def __init__(self):
        self.k = 1


tmp = Temp()
reads = []
for i in range(7):
    try:
        reads.append(tmp.celsius)
    except AttributeError as e:
        reads.append("AttributeError")
    if i == 1:
        Temp.celsius = 21
    if i == 2:
        Temp.celsius = property(lambda self: "prop:%d" % self.k)
    if i == 3:
        tmp.k = 5
    if i == 4:
        Temp.celsius = property(None)   # no getter
    if i == 5:
        Temp.celsius = 22
print(reads)

# __class__ assignment between classes with the same layout: the sites
# follow the object's new class
class Cat:
    sound = "meow"

    def speak(self):
        return "cat " + self.sound


class Dog:
    sound = "woof"

    def speak(self):
        return "dog " + self.sound


pet = Cat()
pet.name = "rex"
voices = []
for i in range(6):
    voices.append((pet.speak(), pet.sound, pet.name, type(pet).__name__))
    if i == 1:
        pet.__class__ = Dog
    if i == 2:
        Dog.sound = "WOOF"
    if i == 3:
        pet.__class__ = Cat
        Cat.sound = "purr"
print(voices)

# an ABC registered after isinstance answered (and cached) False
class Shape(metaclass=ABCMeta):
    def area(self):
        ...


class Square:
    def area(self):
        return 4


class Small(Square):
    pass


class SubShape(Shape):
    pass


sq, sm = Square(), Small()
answers = []
for i in range(6):
    answers.append((isinstance(sq, Shape), isinstance(sm, Shape), issubclass(Small, Shape),
                    isinstance(sq, SubShape), isinstance(3, Shape), isinstance(sq, Sized),
                    isinstance(sq, Hashable)))
    if i == 2:
        Shape.register(Square)
    if i == 3:
        SubShape.register(int)          # a subclass ABC: Shape sees it too
    if i == 4:
        Square.__len__ = lambda self: 1   # Sized's hook now says yes
        Square.__hash__ = None            # and Hashable's says no
print(answers)
