# Every binary and in-place operator over builtin numeric pairs (bool too):
# an operator neither side implements raises TypeError, never NotImplemented.
vals=[True,1,1.0,1j]
ops=['|','&','^','<<','>>','%','//','**','@','+','-','*','/']
for a in vals:
  for b in vals:
    for op in ops:
      try: r=eval('a %s b'%op)
      except Exception as e: r='%s: %s'%(type(e).__name__,e)
      print(repr(a),op,repr(b),r)
      x=a
      try:
        exec('x %s= b'%op); r=x
      except Exception as e: r='%s: %s'%(type(e).__name__,e)
      print(repr(a),op+'=',repr(b),r)
class A:
  def __or__(s,o): return NotImplemented
  def __ror__(s,o): return NotImplemented
  def __ior__(s,o): return NotImplemented
try: A()|A()
except TypeError as e: print(e)
a=A()
try: a|=1
except TypeError as e: print(e)
try: 1|A()
except TypeError as e: print(e)
