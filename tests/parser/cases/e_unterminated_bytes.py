b'abc
