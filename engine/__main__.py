"""`python -m engine` is the `gamebook` command."""
from engine.cli import entry

entry()
