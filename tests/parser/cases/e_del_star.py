del x, *a
