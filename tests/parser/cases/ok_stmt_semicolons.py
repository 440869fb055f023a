x = 1; y = 2
x = 1;
if a: b; c;
import a; from b import c; del d; pass
