for expr in ["1/0", "1//0", "1%0", "1.0/0", "int('abc')", "int('')", "float('x')", "2**-1 + None"]:
    try:
        eval(expr)
    except Exception as e:
        print(type(e).__name__, e)
