async x
