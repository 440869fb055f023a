x = a€b
