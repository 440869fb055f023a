f"{x!z}"
