# json.encoder -- the encoder half of the json package (box): the names
# CPython's json.encoder module exports, defined in json.
from json import JSONEncoder
from json import _encode_basestring as encode_basestring
from json import _encode_basestring_ascii as encode_basestring_ascii

py_encode_basestring = encode_basestring
py_encode_basestring_ascii = encode_basestring_ascii
c_encode_basestring = encode_basestring
c_encode_basestring_ascii = encode_basestring_ascii
INFINITY = float('inf')
