"""Generate a synthetic, lint-clean book of N paragraphs for benchmarks.

Usage: python -m tools.gen_book N [--rules ID] [--seed S] [--combats C] [-o FILE]

Realistic shape: ~1 KB of French-looking text a paragraph, 2-4 choices, ~30% of
them with conditions, some effects, some computed targets (`here + k`), random
branches, endings.  Only core features and the stats `chance` and `or` (shared by
Défis Fantastiques and the test fixture module) are used, so that the book lints
clean under either.  Every paragraph is reachable: paragraph n always links to n+1.
``--combats C`` (Défis Fantastiques) turns C paragraphs into combats won towards
n+1: about half single fights, the rest one-by-one, as-one and together groups of
two or three (what ``gamebook odds BOOK`` is benchmarked on).
"""
from __future__ import annotations

import argparse
import random
import sys

WORDS = ("le couloir s'enfonce dans la pierre froide et vous entendez au loin un bruit "
         "d'eau qui ruisselle sur les marches usées par des siècles de pas une torche "
         "vacille une porte de chêne cerclée de fer barre le passage à votre gauche tandis "
         "qu'un escalier étroit descend vers l'obscurité vous serrez la poignée de votre "
         "épée en vous demandant qui a bien pu creuser ces galeries").split()
ITEMS = ("cle", "corde", "lanterne", "potion", "amulette", "carte", "dague", "pain")
FLAGS = ("pont-vu", "garde-endormi", "secret-appris", "porte-ouverte")


def text(rng: random.Random, size: int = 850) -> str:
    words, n = [], 0
    while n < size:
        w = rng.choice(WORDS)
        words.append(w)
        n += len(w) + 1
    lines, line = [], []
    for w in words:
        line.append(w)
        if sum(len(x) + 1 for x in line) > 80:
            lines.append(" ".join(line))
            line = []
    lines.append(" ".join(line))
    return "\n".join("      " + ln for ln in lines).capitalize()


def paragraph(rng: random.Random, n: int, total: int, deaths: set,
              combats: dict | None = None) -> list[str]:
    out = [f"  {n}:", "    text: |", "      " + text(rng).lstrip()]
    if n == total:
        return out + ["    end: victory"]
    if n in deaths:
        return out + ["    end: death"]
    if combats and n in combats:
        return out + combats[n]
    effects = []
    if rng.random() < 0.25:
        effects.append(f"{{gain: {rng.choice(ITEMS)}}}")
    if rng.random() < 0.15:
        effects.append("{add: {or: %s}}" % rng.choice(["1", "2", "-1", '"1d6"']))
    if rng.random() < 0.1:
        effects.append(f"{{flag: {rng.choice(FLAGS)}}}")
    if effects:
        out.append("    effects: [" + ", ".join(effects) + "]")
    if rng.random() < 0.08 and n + 2 <= total:
        return out + ["    random:", "      dice: 2d6", "      outcomes:",
                      f"        - {{range: [2, 7], to: {n + 1}}}",
                      f"        - {{range: [8, 12], to: {min(total, n + 2)}}}"]
    out.append("    choices:")
    out.append(f"      - {{text: Continuer vers le nord, to: {n + 1}}}")
    if n + 1 in deaths:  # the paragraph after a death must stay reachable
        out.append(f"      - {{text: Contourner le danger, to: {n + 2}}}")
    for _ in range(rng.randint(1, 3)):
        out.append("      - " + choice(rng, n, total))
    return out


def choice(rng: random.Random, n: int, total: int) -> str:
    k = rng.randint(2, 30)
    to = f'"here + {k}"' if rng.random() < 0.1 and n + k <= total else str(rng.randint(1, total))
    parts = [f"text: {rng.choice(['Ouvrir la porte', 'Descendre', 'Fouiller la salle', 'Fuir'])}",
             f"to: {to}"]
    if rng.random() < 0.3:
        cond = rng.choice([f"has(\"{rng.choice(ITEMS)}\")", "chance >= 3", "or > 2",
                           f"flag(\"{rng.choice(FLAGS)}\")", f"visited({max(1, n - 1)})",
                           f"has(\"{rng.choice(ITEMS)}\") and chance > 1"])
        parts.append(f"if: '{cond}'")
    if rng.random() < 0.1:
        parts.append("effects: [{add: {or: -1}}]")
    return "{" + ", ".join(parts) + "}"


ENEMIES = ("Gobelin", "Orque", "Squelette", "Rat géant", "Brigand", "Loup", "Garde", "Goule")
MODES = ("single", "single", "single", "single", "one-by-one", "as-one", "together", "together")


def combat(rng: random.Random, n: int) -> list[str]:
    """A combat field won towards n + 1 (one to three enemies, a mode)."""
    mode = rng.choice(MODES)
    count = 1 if mode == "single" else rng.randint(2, 3)
    group = mode == "together" or mode == "as-one"
    lines = ["    combat:"] + ([f"      mode: {mode}"] if count > 1 else []) + ["      enemies:"]
    for k in range(count):
        skill = rng.randint(5, 8) if group else rng.randint(5, 10)
        stamina = rng.randint(3, 7) if group else rng.randint(4, 12)
        name = f"{rng.choice(ENEMIES)} {k + 1}" if count > 1 else rng.choice(ENEMIES)
        lines.append(f"        - {{name: {name}, habilete: {skill}, endurance: {stamina}}}")
    return lines + [f"      win: {n + 1}"]


def _combats(rng: random.Random, total: int, deaths: set, count: int) -> dict:
    """``count`` combat paragraphs, away from deaths (their win leads to n + 1)."""
    free = [n for n in range(2, total - 1) if n not in deaths and n + 1 not in deaths]
    return {n: combat(rng, n) for n in sorted(rng.sample(free, min(count, len(free))))}


def book(total: int, rules: str = "defis-fantastiques", seed: int = 1, combats: int = 0) -> str:
    rng = random.Random(seed)
    head = ["# yaml-language-server: $schema=../schemas/book.schema.json", "gamebook: 1",
            f"title: Les galeries sans fin ({total})", "author: Générateur", "language: fr",
            f"rules: {rules}", "start: 1", "hero: {equipment: [lanterne]}", "items:"]
    head += [f"  {i}: {{name: {i.capitalize()}}}" for i in ITEMS]
    lines = head + ["paragraphs:"]
    deaths = _deaths(rng, total)
    # a separate generator: the book without combats stays the same for a seed
    fights = _combats(random.Random(seed + 1), total, deaths, combats) if combats else {}
    for n in range(1, total + 1):
        lines += paragraph(rng, n, total, deaths, fights)
    return "\n".join(lines) + "\n"


def _deaths(rng: random.Random, total: int) -> set:
    """About 4% deaths, never two in a row (the one before a death skips over it)."""
    deaths: set = set()
    for n in range(4, total - 1):
        if n - 1 not in deaths and rng.random() < 0.04:
            deaths.add(n)
    return deaths


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.gen_book")
    parser.add_argument("paragraphs", type=int)
    parser.add_argument("--rules", default="defis-fantastiques")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--combats", type=int, default=0)
    parser.add_argument("-o", "--output")
    args = parser.parse_args(argv)
    out = book(args.paragraphs, args.rules, args.seed, args.combats)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(out)
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
