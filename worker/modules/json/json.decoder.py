# json.decoder -- the decoder half of the json package (box): the names
# CPython's json.decoder module exports, defined in json.
from json import JSONDecoder, JSONDecodeError, _scanstring as scanstring

py_scanstring = scanstring
c_scanstring = scanstring
NaN = float('nan')
PosInf = float('inf')
NegInf = float('-inf')
__all__ = ['JSONDecoder', 'JSONDecodeError']
