class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

wallet = [Money(5), Money(7), 3]
total = wallet[0] + wallet[1] + wallet[2]
