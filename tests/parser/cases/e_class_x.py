class A x: pass
