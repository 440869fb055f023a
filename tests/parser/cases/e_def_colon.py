def f() x: pass
