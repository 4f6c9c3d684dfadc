"""Shared helpers for the expression-language tests."""

from engine.expr import Binary, Bool, Call, Dice, Int, Name, Str, Unary


def shape(node):
    """The tree without positions, as nested tuples."""
    if isinstance(node, Binary):
        return (node.op, shape(node.left), shape(node.right))
    if isinstance(node, Unary):
        return (node.op, shape(node.operand))
    if isinstance(node, Call):
        return ("call", node.name, tuple(shape(a) for a in node.args))
    if isinstance(node, Dice):
        return ("dice", node.count, node.sides)
    if isinstance(node, Name):
        return ("name", node.name)
    if isinstance(node, (Int, Str, Bool)):
        return (type(node).__name__.lower(), node.value)
    raise TypeError(node)


class FakeContext:
    """Context with fixed variables, recorded calls and forced dice."""

    def __init__(self, variables=None, functions=None, rolls=()):
        self.variables = dict(variables or {})
        self.functions = dict(functions or {})
        self.rolls = list(rolls)
        self.calls = []
        self.rolled = []

    def variable(self, name):
        return self.variables[name]

    def call(self, name, args):
        self.calls.append((name, args))
        return self.functions[name](*args)

    def roll(self, count, sides):
        self.rolled.append((count, sides))
        return self.rolls.pop(0)
