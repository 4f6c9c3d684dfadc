"""The Chroniques Crétoises rule module: wiring of the sheet, combat, gods, Zeus and
the Oracle into the RuleModule interface."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from engine.diagnostics import Message
from engine.rules.base import Command, Death, Exit, Option, Refused, RuleModule, StatDef, plain_items
from engine.rules.odds_hooks import PackagedOdds
from engine.rules.chroniques_cretoises import combat, endings, fight, gods, lint, schema, sheet, zeus
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N

M = Message

STATS = (
    StatDef("force", M("Force", "Strength"), ("strength",), 4, derived=True),
    StatDef("protection", M("Protection", "Protection"), ("defense", "défense"), 10, derived=True),
    StatDef("honneur", M("Honneur", "Honour"), ("honour", "honor"), 7),
    StatDef("honte", M("Honte", "Shame"), ("shame",), 0, lower_is_better=True),
)
OPTIONS = {"all_wounded_two_dice": True, "honour_zero_lock": True, "shame_death_restart": True,
           "armour_spares": 2}
EFFECTS = ("god", "dieu", "patron", "wound", "blessure", "heal", "soin", "restore_honour")


ZEUS_HERE = M("Ici, vous pouvez invoquer Zeus, une seule fois par aventure : tapez « zeus ».",
              "Here you may call upon Zeus, once in the adventure: type 'zeus'.")

# Built once: the explorer asks for the commands at every move.
COMMANDS = (
    Command(("oracle", "oracle", "consulter", "consult"), M(
        "consulter l'Oracle (aller au paragraphe actuel + 20, quand son numéro est en italique)",
        "consult the Oracle (go to this paragraph + 20, when its number is in italics)"),
        zeus.oracle),
    Command(("zeus", "zeus", "invoquer-zeus", "invoke-zeus"), M(
        "invoquer Zeus, une fois par aventure, là où le texte le permet : zeus 2 (1d6 points d'Honneur), "
        "zeus 3 (Honneur de 0 à 1), zeus 4 (tous les dieux neutres)",
        "call upon Zeus, once per adventure, where the text allows it: zeus 2 (1d6 Honour), "
        "zeus 3 (Honour from 0 to 1), zeus 4 (every god neutral)"), zeus.command, zeus.offered),
)


class ChroniquesCretoises(PackagedOdds, RuleModule):
    id = "chroniques-cretoises"
    version = "1"
    title = M("Chroniques Crétoises", "Cretan Chronicles")
    stats = STATS
    lasting_stat = "honneur"   # spent in fights, needed for the whole book: the advice says what is left
    activity_fields = ("combat",)
    outcome_effects = (("combat", "win_effects"), ("combat", "all_down_effects"),
                       ("combat", "retreat", "effects"), ("combat", "surrender", "effects"), ("combat", "hurt_effects"),
                       ("combat", "timeout_effects"))
    effect_kinds = EFFECTS
    options: Mapping[str, Any] = MappingProxyType(OPTIONS)
    self_checked_exits = ("oracle",)
    aliases = ("cc", "chroniques-crétoises", "cretan-chronicles")
    fight_spending = M("l'Honneur", "Honour")   # what `gamebook odds BOOK`'s policies are about
    # For the exhaustive explorer (class attributes, not fields): strikes read a roll
    # only through its total and its number of dice; the sheet's equipment lines and
    # their cache key are derived from the rest of the state, for display.
    dice_by_sum = True
    display_extra = ("equipment", "equipment_key")
    passive_flags = True   # the rules never read the codewords (only books do)
    # The random explorer tries these commands without copying the state first:
    # they refuse before changing anything (tests/analysis/test_explore_silent.py).
    refuses_cleanly = ("oracle", "zeus")
    roll_labels = MappingProxyType({   # whose roll each dice line is
        "combat:hero-strike": M("Dés d'Althéos", "Althéos's dice"),
        "combat:enemy-strike": M("Dés de l'adversaire", "Opponent's dice"),
        "combat:retreat": M("Dé de la retraite", "Retreat die"),
        "zeus": M("Dé de Zeus", "Zeus's die")})

    def __init__(self) -> None:
        super().__init__()
        # per-book derived data: (book hash, items) -> sheet.Derived, ("gods", book hash) -> gods
        self.derived_cache: dict = {}

    # --- book format -------------------------------------------------------
    def schema_defs(self) -> dict:
        return schema.defs()

    def schema_descriptions_fr(self) -> dict:
        from engine.rules.chroniques_cretoises.schema_fr import FR
        return FR

    def exits(self, paragraph):
        p, path = paragraph.fields, paragraph.path
        spec = p.get("combat")
        if isinstance(spec, dict):
            cpath = path + ("combat",)
            for key in ("win", "all_down", "hurt", "timeout"):
                if isinstance(spec.get(key), int):
                    yield Exit(key.replace("_", "-"), spec[key], cpath + (key,), key)
            retreat = spec.get("retreat")
            if retreat is not None:
                to = retreat if isinstance(retreat, int) else retreat.get("to")
                yield Exit("retreat", to, cpath + ("retreat",), "retreat")
            for key in ("surrender", "invoke", "use"):
                if isinstance(spec.get(key), dict) and "to" in spec[key]:
                    yield Exit(key, spec[key]["to"], cpath + (key, "to"), key)
        if p.get("oracle"):
            yield Exit("oracle", paragraph.number + 20, path + ("oracle",), "oracle", dashed=True)
        if isinstance(p.get("zeus"), dict) and p["zeus"].get("resurrect"):
            yield Exit("zeus", p["zeus"]["resurrect"], path + ("zeus", "resurrect"), "zeus", dashed=True)

    def grants(self, book):
        items = {i for p in book.paragraphs.values() if isinstance(p.fields.get("combat"), dict)
                 for e in p.fields["combat"].get("enemies") or [] for i in e.get("items") or []}
        if "equipment" not in (book.hero or {}):
            items.add("massue")
        return {"item": items, "god": set(N.gods_of(book.options))}

    def lint(self, book, doc):
        return lint.check(book, doc, self)

    def passive_items(self, book):   # the rules read an item's weapon, armour or dagger only
        return plain_items(self, book)

    def header_style(self, paragraph) -> str:
        return "italic" if paragraph.fields.get("oracle") else "plain"

    def paragraph_notes(self, play, number):
        # "à certains moments": where the book offers Zeus, the paragraph says so (the
        # Oracle, never: the player must remember it)
        if number == play.state.paragraph and zeus.offered(play):
            return (ZEUS_HERE,)
        return ()

    # --- expression language ----------------------------------------------
    def expr_variables(self):
        return {"condition": "str", "patron": "str", "zeus_utilise": "bool"}

    def expr_functions(self):
        from engine.expr import Signature
        return {"god": Signature(("god",), "str", "attitude")}

    def expr_variable_kinds(self):
        return {"patron": "god", "condition": "condition"}

    def expr_aliases(self):
        return {"dieu": "god", "zeus_used": "zeus_utilise", "zeus_utilisé": "zeus_utilise",
                "etat": "condition", "état": "condition"}

    def expr_values(self):
        return {"god": N.ATTITUDES, "condition": N.CONDITIONS, "patron": N.PATRONS}

    def references(self, book):
        return {"god": N.spellings(N.gods_of(book.options)), "attitude": N.spellings(N.ATTITUDES),
                "condition": N.spellings(N.CONDITIONS) | {"grievement blesse", "grièvement blessé"}}

    def word_term(self, node):
        from engine.rules.chroniques_cretoises.wording import word_term
        return word_term(node)

    def word_fact(self, node, negated):
        from engine.rules.chroniques_cretoises.wording import word_fact
        return word_fact(node, negated)

    def variable(self, state, name):
        if name == "condition":
            return N.CONDITIONS[state.extra.get("condition", 0)]
        if name == "patron":
            return state.extra.get("patron") or ""
        if name == "zeus_utilise":
            return bool(state.extra.get("zeus_used"))
        return state.stats.get(name, 0)

    def call(self, state, name, args):
        if name == "god":
            return gods.attitude_of(state, args[0])
        raise KeyError(name)

    # --- play ---------------------------------------------------------------
    def new_hero(self, play) -> None:
        sheet.new_hero(play, gods.known_gods(play))

    def clamp(self, state, stat, value):
        value = super().clamp(state, stat, value)
        if stat == "honneur":   # "Arrivé à 0": from now on only Zeus helps (model.honour_after)
            value, exhausted = R.honour_after(state.stats.get("honneur", 0), value,
                                              state.extra.get("honour_exhausted", False),
                                              state.extra.get("lock_zero", True))
            if exhausted:
                state.extra["honour_exhausted"] = True
        return value

    def after_change(self, play) -> None:
        st = play.state
        if st.ended:
            return
        sheet.refresh(play)
        if st.pending and st.pending.get("activity") == "combat":
            return  # Shame is weighed only at the end of the fight
        if st.stats.get("honte", 0) > st.stats.get("honneur", 0):
            _shame_death(play)

    def apply_effect(self, play, kind, value) -> None:
        if kind in ("god", "dieu"):
            gods.set_attitudes(play, value)
        elif kind == "patron":
            gods.set_patron(play, value)
        elif kind in ("wound", "blessure"):
            fight.wound_hero(play, int(value))
        elif kind in ("heal", "soin"):
            sheet.set_hero_condition(play, N.INDEMNE)
        elif kind == "restore_honour":
            play.state.extra["honour_exhausted"] = False
            amount = value if isinstance(value, int) else endings._formula(play, value)
            play.change("honneur", delta=amount, reason="restore")
        else:
            raise KeyError(kind)

    def begin(self, play, field_name, spec):
        sheet.refresh(play)
        return combat.begin(play, spec)

    def prompt(self, play, pending):
        if pending.get("activity") == "zeus":
            return zeus.prompt(play)
        return combat.prompt(play, pending)

    def answer(self, play, pending, key, amount) -> None:
        if pending.get("activity") == "zeus":
            return zeus.answer(play, key)
        fight.answer(play, pending, key, amount)

    def item_summary(self, book, item_id):
        from engine.rules.chroniques_cretoises.items import item_summary
        return item_summary(book, item_id)

    def fight_values(self, play, pending):
        if pending.get("activity") == "zeus" or "enemies" not in pending:
            return None
        return combat.fight_values(play, pending)

    def foe_values(self, play, pending, index):
        if "enemies" not in pending:
            return None
        return combat.foe_values(play, pending, index)

    def choice_note(self, choice):
        return gods.price_note(choice.extra.get("invoke"))

    def choice_extra(self, play, choice, key) -> bool:
        return gods.choice_extra(play, choice)

    def on_death(self, play, cause) -> Death:
        if cause == "shame":
            return Death(restart=bool(play.book.options.get("shame_death_restart", True)), final=True)
        rescues = ()
        if zeus.can_resurrect(play):
            target = zeus.resurrection_target(play)
            rescues = (Option("zeus", M(f"Invoquer Zeus : il vous ressuscite (paragraphe {target})",
                                        f"Call upon Zeus: he raises you (paragraph {target})")),)
        return Death(True, rescues)

    def rescue_targets(self, book):
        """The book's `zeus_resurrection`: where Zeus raises a hero fallen anywhere
        (a paragraph's own `zeus.resurrect` is one of its exits)."""
        target = zeus.book_resurrection(book)
        return (target,) if target in book.paragraphs else ()

    def rescue(self, play, key) -> None:
        if key != "zeus":
            raise Refused("option inconnue", "unknown option")
        zeus.resurrect(play)

    def commands(self):
        return COMMANDS

    # No stat is declared monotone (compiled/monotone.py: nothing bounded by dominance):
    # Force and Protection are derived from the items; more Honour is not proven never
    # worse (Shame above Honour is a death, Zeus's rescue reads both), nor less Shame
    monotone_stats = MappingProxyType({})

    @property
    def vector_rules(self):
        """The same rules over batches of states, for the compiled explorer (vector.py)."""
        from engine.rules.chroniques_cretoises.vector import VectorRules
        return VectorRules(self)

    def fight_outcomes(self, play, pending, cache):
        from engine.rules.chroniques_cretoises.explore import fight_outcomes
        return fight_outcomes(play, pending, cache)

    def strategy_words(self, label):
        from engine.rules.chroniques_cretoises.explore import strategy_words
        return strategy_words(label)

    def death_cause(self, cause: str):
        if cause == "shame":   # the rule: Shame above Honour (not a stat at 0)
            return Message("la Honte a dépassé l'Honneur", "Shame went above Honour")
        return None

    def sheet(self, state, lang):
        from engine.rules.chroniques_cretoises.view import sheet_lines
        return sheet_lines(self, state, lang)

    def toolbar(self, state, lang):
        from engine.rules.chroniques_cretoises.view import toolbar
        return toolbar(state, lang)


def _shame_death(play) -> None:
    dagger = any(sheet.props(play.book, i).get("dagger") for i in play.state.items)
    if dagger:
        play.emit("shame", "Votre Honte dépasse votre Honneur : tourmenté, vous vous frappez de votre propre dague.",
                  "Your Shame exceeds your Honour: tormented, you strike yourself with your own dagger.")
    else:
        play.emit("shame", "Votre Honte dépasse votre Honneur : Zeus vous foudroie et votre âme descend chez Hadès.",
                  "Your Shame exceeds your Honour: Zeus strikes you down and your soul goes down to Hades.")
    play.die("shame")
