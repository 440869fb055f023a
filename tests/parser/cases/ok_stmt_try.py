try:
    pass
except:
    pass
try:
    pass
except E:
    pass
except (A, B) as e:
    pass
else:
    pass
finally:
    pass
try:
    pass
finally:
    pass
try:
    pass
except* E:
    pass
except* (A, B) as g:
    pass
try: x
except: y
