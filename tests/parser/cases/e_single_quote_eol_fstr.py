f"abc
