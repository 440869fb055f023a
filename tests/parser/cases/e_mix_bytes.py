"a" b"b"
