try:
  x
except:
