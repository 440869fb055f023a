def register(fn):
    raise TypeError("cannot register " + fn.__name__)

@register
def handler():
    pass
