# attack: source nested 10,000 deep (brackets, blocks, lambdas, operators, chains) compiled with exec
# status: 0
# stdout: parens SyntaxError too many nested parentheses
# stdout: lists SyntaxError too many nested parentheses
# stdout: dicts SyntaxError too many nested parentheses
# stdout: if-blocks IndentationError too many levels of indentation
# stdout: if-blocks-99 compiled
# stdout: for-blocks SyntaxError too many statically nested blocks
# stdout: with-blocks SyntaxError too many statically nested blocks
# stdout: while-blocks SyntaxError too many statically nested blocks
# stdout: defs-99 compiled
# stdout: lambdas MemoryError 
# stdout: unary MemoryError 
# stdout: not MemoryError 
# stdout: power MemoryError 
# stdout: ifexp MemoryError 
# stdout: comprehensions SyntaxError too many nested parentheses
# stdout: f-strings SyntaxError too many nested parentheses
# stdout: plus RecursionError maximum recursion depth exceeded during compilation
# stdout: attribute RecursionError maximum recursion depth exceeded during compilation
# stdout: call RecursionError maximum recursion depth exceeded during compilation
# stdout: subscript RecursionError maximum recursion depth exceeded during compilation
# stdout: still running
N = 10000
def blocks(head, n):
    return ''.join(' ' * i + head + '\n' for i in range(n)) + ' ' * n + 'pass\n'
cases = [
    ('parens', '(' * N + '1' + ')' * N),
    ('lists', '[' * N + ']' * N),
    ('dicts', '{"a":' * N + '1' + '}' * N),
    ('if-blocks', blocks('if 1:', N)),
    ('if-blocks-99', blocks('if 1:', 99)),
    ('for-blocks', blocks('for x in y:', 30)),
    ('with-blocks', blocks('with x:', 30)),
    ('while-blocks', blocks('while x:', 30)),
    ('defs-99', blocks('def f():', 99)),
    ('lambdas', 'lambda: ' * N + '1'),
    ('unary', '-' * N + '1'),
    ('not', 'not ' * N + '1'),
    ('power', '2' + '**2' * N),
    ('ifexp', '1 if 1 else ' * N + '1'),
    ('comprehensions', '[i for i in ' * N + '[]' + ']' * N),
    ('f-strings', 'f"{' * N + '1' + '}"' * N),
    ('plus', '+'.join(['1'] * 100000)),
    ('attribute', 'a' + '.a' * N),
    ('call', 'f' + '()' * N),
    ('subscript', 'a' + '[0]' * N),
]
for name, src in cases:
    try:
        compile(src, '<nested>', 'exec')
        print(name, 'compiled')
    except (SyntaxError, RecursionError, MemoryError) as e:
        print(name, type(e).__name__, str(e).split(' (<nested>')[0])
print('still running')
