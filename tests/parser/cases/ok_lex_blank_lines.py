


x = 1



def f():

    pass


    
	
y = 2
