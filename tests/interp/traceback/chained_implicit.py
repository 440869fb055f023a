def cleanup():
    return undefined_name

try:
    [1, 2][5]
except IndexError:
    cleanup()
