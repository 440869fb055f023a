raise SystemExit("fatal: bad config")
