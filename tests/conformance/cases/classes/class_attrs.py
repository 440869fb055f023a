class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
    @classmethod
    def reset(cls):
        cls.instances = 0
        return cls
class Sub(Counter):
    pass
a, b = Counter(), Sub()
print(a.id, b.id, Counter.instances, Sub.instances)
Sub.instances = 100
print(Counter.instances, Sub.instances, Sub.reset() is Sub, Sub.instances, Counter.instances)
print(Counter.__dict__['instances'], 'reset' in Counter.__dict__, type(Counter.__dict__['reset']).__name__)
print(a.__class__.__name__, b.__class__.__bases__, Sub.__base__.__name__)
