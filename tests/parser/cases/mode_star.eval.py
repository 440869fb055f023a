a, *b
