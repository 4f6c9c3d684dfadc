"""The rule-module interface, and where modules are found.

- base: `RuleModule`, everything a series' rules give the engine (sheet, effects,
  activities, fights, odds hooks); values and labels: what the engine and a module
  exchange; french: opponents' names in French sentences;
- registry: the built-in modules and the `gamebook.rules` entry points, loaded by
  name (shape checks what the engine relies on; watchdog bounds a plugin's time);
- conformance: `check_module`, the full check for a module's own test suite.

The built-in modules, chroniques_cretoises/ and defis_fantastiques/, are plugins like
any third-party one: they may use every stage of the engine, and the engine reaches
them only through the registry.
"""
