def level3():
    raise ValueError("deep problem")
def level2():
    level3()
def level1():
    try:
        level2()
    except ValueError as e:
        raise RuntimeError("wrapped") from e
level1()
