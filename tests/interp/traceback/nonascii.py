größe = {"länge": 3}
wert = "ünïcödé"; ergebnis = größe["länge"] + wert
