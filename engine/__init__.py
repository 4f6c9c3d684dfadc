"""gamebook-engine: a declarative engine for gamebooks written in YAML."""
__version__ = "0.1.0"
