"""The explored book as arrays, solved level by level in floats and then exactly.

    graph = from_space(space)            # graph.py: CSR arrays, narrowest types
    result = solve(graph)                # {"float", "bound", "exact", "levels", ...}

See docs/explore.md ("The compiled path") for what is exact and what each figure means.
"""
from __future__ import annotations

from engine.analysis.compiled.graph import Graph, from_space
from engine.analysis.compiled.run import solve

__all__ = ["Graph", "from_space", "solve"]
