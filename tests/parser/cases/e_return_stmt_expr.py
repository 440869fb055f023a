x = return 1
