try:
  y
finally:
w
