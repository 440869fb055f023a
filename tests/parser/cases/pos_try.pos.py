try:
    x
except ValueError as e:
    y
except:
    z
else:
    w
finally:
    v
