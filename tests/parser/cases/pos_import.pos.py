import a.b as c, d
from .x import (y as z, w)
from . import *
global g
