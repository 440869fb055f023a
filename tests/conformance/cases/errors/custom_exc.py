class BadThing(Exception):
    pass
raise BadThing("it went wrong")
