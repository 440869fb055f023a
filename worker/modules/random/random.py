# random -- pseudo-random numbers, bit for bit those of CPython 3.11.
#
# The generator and every algorithm are C (_box_random, over
# worker/modules/random/random_core.c); this file gives them the Python
# signatures of random.Random (so argument errors read as CPython's) and
# builds the module-level functions on one shared instance.  A subclass
# that overrides random() and/or getrandbits() is honoured by every
# method, as in CPython.

import _box_random as _c

__all__ = ["Random", "SystemRandom", "betavariate", "choice", "choices", "expovariate",
           "gammavariate", "gauss", "getrandbits", "getstate", "lognormvariate",
           "normalvariate", "paretovariate", "randbytes", "randint", "random", "randrange",
           "sample", "seed", "setstate", "shuffle", "triangular", "uniform",
           "vonmisesvariate", "weibullvariate"]


class Random(_c.Random):
    """Random number generator base class used by bound module functions."""

    VERSION = 3

    def __init__(self, x=None):
        self.seed(x)
        self.gauss_next = None

    def seed(self, a=None, version=2):
        """Initialize internal state from a seed."""
        super().seed(a, version)
        self.gauss_next = None

    def getstate(self):
        """Return internal state; can be passed to setstate() later."""
        return (self.VERSION, super().getstate(), self.gauss_next)

    def setstate(self, state):
        """Restore internal state from object returned by getstate()."""
        version = state[0]
        if version not in (2, 3):
            raise ValueError("state with version %s passed to Random.setstate() of version %s"
                             % (version, self.VERSION))
        _, words, gauss_next = state
        if version == 2:
            # version 2 states may hold words as signed values
            try:
                words = tuple(w % 4294967296 for w in words)
            except ValueError as exc:
                raise TypeError from exc
        self.gauss_next = gauss_next
        super().setstate(words)

    # copy and pickle support: rebuild, then restore the state
    def __getstate__(self):
        return self.getstate()

    def __setstate__(self, state):
        self.setstate(state)

    def __reduce__(self):
        return self.__class__, (), self.getstate()

    def _randbelow(self, n):
        return _c.randbelow(self, n)

    def randrange(self, start, stop=None, step=1):
        """Choose a random item from range(stop) or range(start, stop[, step])."""
        return _c.randrange(self, start, stop, step)

    def randint(self, a, b):
        """Return random integer in range [a, b], including both end points."""
        return self.randrange(a, b + 1)

    def randbytes(self, n):
        """Generate n random bytes."""
        return _c.randbytes(self, n)

    def choice(self, seq):
        """Choose a random element from a non-empty sequence."""
        return _c.choice(self, seq)

    def shuffle(self, x):
        """Shuffle list x in place, and return None."""
        return _c.shuffle(self, x)

    def sample(self, population, k, *, counts=None):
        """Chooses k unique random elements from a population sequence."""
        return _c.sample(self, population, k, counts)

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        """Return a k sized list of population elements chosen with replacement."""
        return _c.choices(self, population, weights, cum_weights, k)

    def uniform(self, a, b):
        """Get a random number in the range [a, b) or [a, b] depending on rounding."""
        return _c.uniform(self, a, b)

    def triangular(self, low=0.0, high=1.0, mode=None):
        """Triangular distribution."""
        return _c.triangular(self, low, high, mode)

    def normalvariate(self, mu=0.0, sigma=1.0):
        """Normal distribution."""
        return _c.normalvariate(self, mu, sigma)

    def gauss(self, mu=0.0, sigma=1.0):
        """Gaussian distribution."""
        value, self.gauss_next = _c.gauss(self, mu, sigma, self.gauss_next)
        return value

    def lognormvariate(self, mu, sigma):
        """Log normal distribution."""
        return _c.lognormvariate(self, mu, sigma)

    def expovariate(self, lambd):
        """Exponential distribution."""
        return _c.expovariate(self, lambd)

    def vonmisesvariate(self, mu, kappa):
        """Circular data distribution."""
        return _c.vonmisesvariate(self, mu, kappa)

    def gammavariate(self, alpha, beta):
        """Gamma distribution.  Not the gamma function!"""
        return _c.gammavariate(self, alpha, beta)

    def betavariate(self, alpha, beta):
        """Beta distribution."""
        return _c.betavariate(self, alpha, beta)

    def paretovariate(self, alpha):
        """Pareto distribution.  alpha is the shape parameter."""
        return _c.paretovariate(self, alpha)

    def weibullvariate(self, alpha, beta):
        """Weibull distribution."""
        return _c.weibullvariate(self, alpha, beta)


class SystemRandom(Random):
    """Alternate random number generator using the system's entropy source."""

    def random(self):
        """Get the next random number in the range [0.0, 1.0)."""
        return (int.from_bytes(_c.urandom(7), "big") >> 3) * (2.0 ** -53)

    def getrandbits(self, k):
        """getrandbits(k) -> x.  Generates an int with k random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        nbytes = (k + 7) // 8
        return int.from_bytes(_c.urandom(nbytes), "big") >> (nbytes * 8 - k)

    def randbytes(self, n):
        """Generate n random bytes."""
        return _c.urandom(n)

    def seed(self, *args, **kwds):
        "Stub method.  Not used for a system random number generator."
        return None

    def _notimplemented(self, *args, **kwds):
        "Method should not be called for a system random number generator."
        raise NotImplementedError("System entropy source does not have state.")

    getstate = setstate = _notimplemented


_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
vonmisesvariate = _inst.vonmisesvariate
gammavariate = _inst.gammavariate
gauss = _inst.gauss
betavariate = _inst.betavariate
paretovariate = _inst.paretovariate
weibullvariate = _inst.weibullvariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
randbytes = _inst.randbytes
