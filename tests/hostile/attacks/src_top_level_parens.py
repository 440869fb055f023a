# attack: the script's own source nested 10,000 parentheses deep
# source-cmd: printf 'print("never")\nx = '; awk 'BEGIN { for (i = 0; i < 10000; i++) printf "("; printf "1"; for (i = 0; i < 10000; i++) printf ")"; print "" }'
# status: 1
# stderr: SyntaxError: too many nested parentheses
