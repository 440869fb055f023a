text = "  Hello  "
result = (text
          .strip()
          .lower()
          .no_such_method())
