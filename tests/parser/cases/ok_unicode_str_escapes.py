s = "\u0000\x00\x7f\x80\xa0\xad\u0378\u2029\ud7ff\ue000\U000e0001\U0010ffff"
