# except and except* take a class or a flat tuple of classes; a nested tuple
# or a non-class is a TypeError when the clause is tried.
for spec in [(ValueError, (TypeError,)), ((ValueError,),), (ValueError, 5), (), (KeyError, ValueError)]:
    try:
        try:
            raise ValueError('v')
        except spec:
            print('caught by', spec)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        try:
            raise ValueError('v')
        except* spec:
            print('star caught by', spec)
    except Exception as e:
        print('star', type(e).__name__, e)
