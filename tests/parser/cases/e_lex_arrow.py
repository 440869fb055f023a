a = b->c if 0 else 1
