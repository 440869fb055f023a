with a b: pass
