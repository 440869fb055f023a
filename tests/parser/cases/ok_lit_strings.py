a = "abc"
b = 'abc'
c = """tri
ple"""
d = '''x'''
e = r"\n\t"
f = R'\d+'
g = u"uni"
h = "a" "b" 'c'
i = ""
j = "it's"
k = 'say "hi"'
l = 'both \' and "'
