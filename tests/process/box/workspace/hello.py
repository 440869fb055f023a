# A script file run by tests/process/exit_status.sh.
print('hello from a file')
raise SystemExit(5)
