s = "héllo wörld" + = 2
