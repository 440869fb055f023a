try x
