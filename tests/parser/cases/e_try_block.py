try:
w
