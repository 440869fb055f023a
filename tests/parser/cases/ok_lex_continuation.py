x = 1 + \
    2
if a and \
   b:
    pass
y = [1,
     2,
  3]
z = (1 +
2)
w = {
"a": 1,
}
