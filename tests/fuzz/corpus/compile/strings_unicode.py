s = "naïve café ñ 日本語 🎉"
print(len(s), s.upper(), s.title(), s[-1], s[11:14], s.encode("utf-8")[:8])
print("ß".upper(), "İ".lower(), "Σ".lower(), "ǅ".title(), "ﬁ".upper())
print("日本".isalpha(), "١٢٣".isdigit(), "½".isnumeric(), "Ⅳ".isnumeric(), "\u00a0".isspace())
print(sorted(["b", "a", "é", "z", "É"]), "é" > "z", ascii("日本"), repr("\x7f\x80\u0100"))
print([c for c in "añb"], list(reversed("añb")), "añb".find("b"), "日本語".index("語"))
