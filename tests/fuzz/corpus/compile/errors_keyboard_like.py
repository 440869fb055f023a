class Fatal(BaseException):
    pass
try:
    raise Fatal("not an Exception")
except Exception:
    print("not caught here")
