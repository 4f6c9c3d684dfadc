"""The LSP requests, each delegated to its module (completion, navigation, hover, actions)."""
from __future__ import annotations

from lsprotocol import types as T

from .server import GamebookServer, server
