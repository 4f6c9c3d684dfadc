"""`python -m engine` is the `gamebook` command."""
import sys

from .cli import main

sys.exit(main())
