class Stack:
    def __init__(self):
        self._items = []
    def push(self, x):
        self._items.append(x)
    def pop(self):
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()
    def __len__(self):
        return len(self._items)
    def __bool__(self):
        return bool(self._items)
s = Stack()
for i in range(5):
    s.push(i * i)
out = []
while s:
    out.append(s.pop())
print(out, len(s))
try:
    s.pop()
except IndexError as e:
    print(e)
def balanced(expr):
    pairs = {')': '(', ']': '[', '}': '{'}
    st = []
    for ch in expr:
        if ch in '([{':
            st.append(ch)
        elif ch in pairs:
            if not st or st.pop() != pairs[ch]:
                return False
    return not st
print([balanced(e) for e in ["([]{})", "(]", "((", ""]])
