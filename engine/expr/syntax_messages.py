"""Turn lark's parse exceptions into bilingual, one-line ExprError messages."""

from __future__ import annotations

from engine.expr.errors import ExprError

_OPERAND = ("un nombre, un nom ou « ( »", "a number, a name or “(”")
_OPERAND_TERMINALS = frozenset({
    "INT", "DICE", "STRING", "NAME", "LPAR", "MINUS", "NOT", "NON",
    "TRUE", "FALSE", "VRAI", "FAUX"})
_OPERATOR_TERMINALS = frozenset({
    "OR", "OU", "AND", "ET", "COMP_OP", "PLUS", "MINUS", "STAR", "SLASH"})
_OTHERS = (
    ("RPAR", "« ) »", "“)”"),
    ("COMMA", "« , »", "“,”"),
    ("$END", "la fin de l'expression", "the end of the expression"),
)
_TOKEN_NAMES = {
    "INT": ("le nombre", "number"),
    "DICE": ("les dés", "dice"),
    "STRING": ("la chaîne", "string"),
    "NAME": ("le nom", "name"),
}


def syntax_error(text: str, exc) -> ExprError:
    """Build an ``expr-syntax`` ExprError from a lark UnexpectedInput."""
    token = getattr(exc, "token", None)
    if token is None:
        return _unexpected_character(text, exc)
    accepts = getattr(exc, "accepts", None) or getattr(exc, "expected", None) or ()
    expected = _describe_expected(set(accepts))
    if not text.strip():
        return ExprError("expr-syntax", 0, 1, "expression vide", "empty expression")
    if token.type == "$END":
        end = len(text.rstrip())
        start = max(0, end - 1)
        return ExprError(
            "expr-syntax", start, max(end, start + 1),
            f"fin inattendue de l'expression ; attendu : {expected[0]}",
            f"unexpected end of expression; expected {expected[1]}")
    if token.type == "COMP_OP" and "NAME" not in accepts:
        return ExprError(
            "expr-syntax", token.start_pos, token.end_pos,
            f"comparaison « {token} » enchaînée : les comparaisons ne s'enchaînent pas, utilisez « et »",
            f"chained comparison “{token}”: comparisons cannot be chained, use “and”")
    fr_kind, en_kind = _TOKEN_NAMES.get(token.type, ("le symbole", "symbol"))
    return ExprError(
        "expr-syntax", token.start_pos, token.end_pos,
        f"{fr_kind} « {token} » est inattendu ; attendu : {expected[0]}",
        f"unexpected {en_kind} “{token}”; expected {expected[1]}")


def _unexpected_character(text: str, exc) -> ExprError:
    pos = getattr(exc, "pos_in_stream", 0) or 0
    char = text[pos] if pos < len(text) else ""
    if char in ("\"", "'"):
        return ExprError(
            "expr-syntax", pos, len(text),
            "chaîne non fermée ou séquence d'échappement invalide (seuls \\\" \\' \\\\ sont permis)",
            "unterminated string or invalid escape (only \\\" \\' \\\\ are allowed)")
    expected = _describe_expected(set(getattr(exc, "allowed", ()) or ()))
    return ExprError(
        "expr-syntax", pos, pos + 1,
        f"caractère inattendu « {char} » ; attendu : {expected[0]}",
        f"unexpected character “{char}”; expected {expected[1]}")


def _describe_expected(expected: set) -> tuple[str, str]:
    """French and English phrases listing what the parser expected."""
    fr: list[str] = []
    en: list[str] = []
    if expected & {"NAME", "INT"}:
        fr.append(_OPERAND[0])
        en.append(_OPERAND[1])
    else:
        if "LPAR" in expected:
            fr.append("« ( »")
            en.append("“(”")
        if expected & _OPERATOR_TERMINALS:
            fr.append("un opérateur")
            en.append("an operator")
    for name, fr_text, en_text in _OTHERS:
        if name in expected:
            fr.append(fr_text)
            en.append(en_text)
    if not fr:
        return ("une expression valide", "a valid expression")
    return (_join(fr, "ou"), _join(en, "or"))


def _join(parts: list[str], word: str) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
