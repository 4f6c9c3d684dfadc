"""The web front end: the game in a browser (`gamebook serve`, issue 34).

`api.py` turns the REPL's `Session` (the same loop, commands and message tables) into
JSON views and takes the page's actions; `labels.py` holds the page's own button and
heading names in both languages; `server.py` serves the page (static/) and the API
over HTTP on the loopback, guarded by a per-run token.
"""
