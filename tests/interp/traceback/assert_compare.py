def check(total):
    assert total == 10, f"total is {total}"

check(sum([1, 2, 3]))
