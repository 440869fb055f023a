s = "héllo" + x
été = 1
t = "日本" ; u = é
