import itertools as it
tests = ["it.count(1,2,3)","it.count('a')","it.count(start='a')","it.cycle()","it.cycle(1)","it.cycle([],[])","it.cycle(x=1)","it.repeat()","it.repeat(1,2,3)","it.repeat(1,'a')","len(it.repeat(1))",
"it.accumulate()","it.accumulate([1],None,None)","it.chain(x=1)","list(it.chain(1))","it.compress([1])","it.dropwhile(len)","it.dropwhile(len, [], x=1)","it.takewhile(1)","it.filterfalse(None)","it.starmap(len)",
"it.groupby()","it.islice([])","it.islice([],1,2,3,4)","it.islice([],-1)","it.islice([],'a')","it.islice([],1,-1)","it.islice([],1,2,0)","it.islice([],1,2,-1)","it.islice([],x=1)","it.islice(1,2)",
"it.pairwise()","it.pairwise(1)","it.zip_longest(x=1)","it.zip_longest(1)","it.product(1)","it.product([1],repeat=-1)","it.product([1],x=1)","it.permutations()","it.permutations([1],-1)","it.permutations([1],'a')","it.combinations([1])","it.combinations([1],-1)",
"it.combinations_with_replacement([1],-1)","it.tee(1)","it.tee([],-1)","it.tee()","it.repeat(1,-5)","it.count(1,2.5)","it.count(1.0)","it.count()","it.count(2**70, 2)","it.count(1,1.0)","it.count(0, -1)","it.repeat('a', 3)","it.repeat([1])",
"next(it.starmap(len, [1]))","it.accumulate([1],x=1)","it.groupby([],x=1)","it.chain.from_iterable()", "list(it.chain.from_iterable([1]))","it.compress()","it.tee([],2,3)","it.cycle.__name__","type(it.tee([])[0]).__name__","type(it.groupby([1]).__next__()[1]).__name__","it.islice([], None)","it.islice([],1,None,None)","it.islice([],1.5)", "it.filterfalse()", "it.starmap()", "it.accumulate([1,2],func=None, initial=3)"]
for t in tests:
    try:
        r = eval(t)
        print(t, "->", repr(r) if 'object at' not in repr(r) else type(r).__name__)
    except Exception as e:
        print(t, "!!", type(e).__name__, e)
