# __notes__ that is a str (a sequence of characters in 3.11.2).
e = KeyError("k")
e.__notes__ = "ab"
raise e
