"""Replay one reported playthrough (`--replay SEED:ANSWERS[:FACES]`) as a transcript."""
from __future__ import annotations

import traceback

from engine.rules.base import Refused
from engine.analysis.explore.moves import parse_moves
from engine.analysis.explore.nodes import MACRO
from engine.analysis.explore.runs import new_game


class ReplayRefused(ValueError):
    """A move of the spec that the game refuses: the spec does not fit this book
    (mistyped, or the book changed since the playthrough was reported)."""

    def __init__(self, lines: list[str], number: int, move: str, refusal: Refused):
        super().__init__(refusal.message.en)
        self.lines, self.number, self.move, self.refusal = lines, number, move, refusal.message

    def text(self, lang: str) -> str:
        why = self.refusal.get(lang)
        if lang == "fr":
            return (f"--replay : le coup n° {self.number} « {self.move} » est refusé ({why}) ; "
                    "la partie ne correspond pas à ce livre (a-t-il changé ?)")
        return (f"--replay: move {self.number} '{self.move}' is refused ({why}); "
                "the playthrough does not fit this book (has it changed?)")


def parse_spec(spec: str):
    """'SEED:ANSWERS[:FACES]' -> (seed, [Move], [faces]); ValueError when malformed."""
    parts = spec.split(":")
    if len(parts) not in (2, 3):
        raise ValueError(spec)
    faces = [int(f) for f in parts[2].split(",") if f] if len(parts) == 3 else []
    return int(parts[0]), parse_moves(parts[1]), faces


def replay(book, module, seed: int, moves, faces, lang: str) -> tuple[list[str], str | None]:
    """(transcript lines, the traceback that ended it, or None); ReplayRefused when
    the game refuses one of `moves`."""
    lines = []
    try:
        game = new_game(book, module, seed, faces, undo=True)
        lines += _events(game, lang)
        for number, move in enumerate(moves, 1):
            lines.append(f"> {move.text()}")
            if move.key.startswith(MACRO) and not move.command:
                lines.append(_fight_node(move.key[1:], lang))
                return lines, None
            try:
                move.apply(game)
            except Refused as refusal:
                raise ReplayRefused(lines, number, move.text(), refusal) from None
            lines += _events(game, lang)
    except ReplayRefused:
        raise
    except Exception:  # the very failure the user asked to see
        return lines, traceback.format_exc()
    end = game.state.ended
    lines.append(("Fin : " if lang == "fr" else "End: ") + (end or ("en cours" if lang == "fr" else "in progress")))
    return lines, None


def _fight_node(label: str, lang: str) -> str:
    """What a fight played as a chance node (`~label` in a path) leaves to the reader."""
    if lang == "fr":
        return (f"(combat joué d'un bloc par la stratégie « {label} » : la suite du chemin "
                "dépend de son issue et ne peut être rejouée réponse par réponse)")
    return (f"(fight played as one chance node by the strategy '{label}': the rest of the path "
            "depends on its outcome and cannot be replayed answer by answer)")


def _events(game, lang: str) -> list[str]:
    out = []
    for e in game.drain():
        if e["type"] == "paragraph":
            text = game.book.paragraphs[e["number"]].text.strip().splitlines()
            out.append(f"§ {e['number']}  {text[0] if text else ''}")
        elif e["type"] == "dice":
            out.append(f"  [{e.get('purpose', '')}] {e['faces']}")
        elif "say" in e:
            out.append("  " + e["say"]["fr" if lang == "fr" else "en"])
        elif e["type"] == "stat":
            out.append(f"  {e['stat']}: {e['old']} -> {e['new']}")
    return out
