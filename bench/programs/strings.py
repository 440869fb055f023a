# String building, methods and formatting.
words = []
for i in range(200000):
    words.append("item%d" % i)
text = " ".join(words)
up = text.upper()
parts = up.split(" ")
n = sum(1 for p in parts if p.endswith("7"))
rep = text.replace("item", "it")
f = [f"{w}:{len(w):>4}" for w in words[:100000]]
print(len(text), n, len(rep), f[-1], text.find("item99999"), text.count("9"))
