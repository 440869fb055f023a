def f(:
 pass
