"""Bilingual texts shared by the Défis Fantastiques module (French first, then English)."""
from __future__ import annotations

from ...diagnostics import Message as M

__all__ = ["M"]


