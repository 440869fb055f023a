import a
import a.b
import a.b.c as d
import a, b as c, d.e
from a import b
from a.b import c as d, e
from . import a
from .. import a
from ... import a
from .... import a
from .a import b
from ..a.b import c
from a import *
from a import (b, c)
from a import (b,
    c as d,
)
