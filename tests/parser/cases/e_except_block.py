try:
 x
except:
foo
