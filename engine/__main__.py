"""`python -m engine` is the `gamebook` command."""
from .cli import entry

entry()
