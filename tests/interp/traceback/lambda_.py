key = lambda item: item["name"].upper()
people = [{"name": "ann"}, {"nom": "bob"}]
print(sorted(people, key=key))
