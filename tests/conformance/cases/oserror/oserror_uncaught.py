# An uncaught mapped OSError: the last stderr line names the subclass
print("before")
raise OSError(17, "File exists", "a", None, "b")
