"""The Défis Fantastiques rule module: the RuleModule subclass tying the parts together."""
from __future__ import annotations

from types import MappingProxyType

from engine.book.frontmatter import equipment as equipment_of
from engine.rules.base import Death, RuleModule, plain_items
from engine.rules.odds_hooks import PackagedOdds
from engine.rules.defis_fantastiques import combat, commands, equipment, lint, monotone, rolls, schema, sheet, under_way
from engine.rules.defis_fantastiques.messages import M, count, dead

ACTIVITIES = {"combat": combat, "test": rolls}


class DefisFantastiques(PackagedOdds, RuleModule):
    id = "defis-fantastiques"
    version = "1"
    title = M("Défis Fantastiques", "Fighting Fantasy")
    stats = sheet.STATS
    activity_fields = ("combat", "test")
    fights_kept = True   # its solved fights are kept (fight_cache.py): a hover can look them up
    outcome_effects = (("test", "success_effects"), ("test", "failure_effects"),
                       ("combat", "win_effects"), ("combat", "escape", "effects"),
                       ("combat", "hurt_effects"), ("combat", "timeout_effects"))
    effect_kinds = ("weapon", "armour", "ceiling")
    options = MappingProxyType({"unarmed": "no-weapon"})
    aliases = ("df", "ff", "défis-fantastiques", "fighting-fantasy")
    # For the exhaustive explorer (class attributes, not fields): every roll is read
    # through its total; the item names kept for the sheet derive from the items.
    dice_by_sum = True
    display_extra = ("names",)
    roll_labels = MappingProxyType({   # whose roll each dice line is
        "hero-attack": M("Vos dés (Force d'Attaque)", "Your dice (Attack Strength)"),
        "enemy-attack": M("Dés de l'adversaire (Force d'Attaque)", "Opponent's dice (Attack Strength)"),
        "habilete": M("Vos dés (Habileté)", "Your dice (Skill)"),
        "endurance": M("Vos dés (Endurance)", "Your dice (Stamina)"),
        "chance": M("Vos dés (Chance)", "Your dice (Luck)")})
    passive_stats = ("or",)   # the rules never read the gold (only books do)
    passive_flags = True      # ... nor the codewords
    # ... and reads Habileté, Endurance and Chance's starting values only as their
    # maxima; of its own rules, only a meal raises one (compiled/ceilings.py)
    ceiling_gains = MappingProxyType({"endurance": MappingProxyType({"provisions": commands.MEAL})})
    activity_reads = staticmethod(under_way.activity_reads)   # ... and in a fight, a test (under_way.py)
    fight_spending = M("la Chance", "Luck")   # what `gamebook odds BOOK`'s policies are about
    money = "or"   # format 1.2: what `sell:` pays ("vendez ... pour 3 Pièces d'Or")
    # The random explorer tries these commands without copying the state first:
    # they refuse before changing anything (tests/analysis/test_explore_silent.py).
    refuses_cleanly = ("manger", "abandonner-armure")
    available_commands = staticmethod(commands.available_now)   # the same, in one call (tested)

    # --- book format ---------------------------------------------------------
    def schema_defs(self) -> dict:
        return schema.schema_defs()

    def schema_descriptions_fr(self) -> dict:
        from engine.rules.defis_fantastiques.schema_fr import FR
        return FR

    def paragraph_fields(self, fields):
        return schema.enemy_names(fields)

    def exits(self, paragraph):
        return lint.exits(paragraph)

    def grants(self, book):
        return lint.grants(book)

    def passive_items(self, book):   # the rules read an item's weapon or armour only
        return plain_items(self, book)

    def lint(self, book, doc):
        return lint.lint(book, doc)

    def expr_variables(self):
        return {f"{s}_max": "int" for s in sheet.CAPPED}

    def expr_aliases(self):
        return {"habileté_max": "habilete_max", "skill_max": "habilete_max",
                "stamina_max": "endurance_max", "luck_max": "chance_max"}

    def variable(self, state, name):
        if name.endswith("_max"):
            cap = sheet.maximum(state, name[:-4])
            return cap if cap is not None else state.stats.get(name[:-4], 0)
        return state.stats[name]

    def stat_bounds(self, book):
        return sheet.bounds(book)

    # --- play ------------------------------------------------------------------
    def new_hero(self, play) -> None:
        """Roll the stats in front of the player, then the starting equipment."""
        sheet.roll_stats(play)
        hero = play.book.hero if isinstance(play.book.hero, dict) else {}
        for item, copies, _path in equipment_of(hero, sheet.DEFAULT_EQUIPMENT):
            play.gain(item, copies)
        self.after_change(play)

    clamp = staticmethod(sheet.clamp)   # (asked on every change: one call less)

    def after_change(self, play) -> None:
        """Endurance 0 is death ("vous êtes déclaré mort"), except while a wound
        waits for its Luck decision (luck may still leave the hero standing)."""
        st = play.state
        if st.stats.get("endurance", 1) <= 0 and not (st.pending and st.pending.get("luck")):
            return dead(play, "endurance")
        # One weapon and one armour after any gain (`items_changed`: the core's gain
        # and lose set it, so a move that changes no item reads none of them).
        # sheet() receives only the state: it keeps the names of the items held, as
        # they were after the last normalise, for the reader (display only, kept out
        # of the explorer's states); a game told to nobody needs none.
        changed, play.items_changed = getattr(play, "items_changed", True), False
        names = st.extra.get("names") if play.narrate else None
        if changed or (play.narrate and (names is None or names.keys() != st.items.keys())):
            equipment.normalise(play)
            if play.narrate:
                st.extra["names"] = {i: play.book.item_name(i) for i in st.items}

    @property
    def chance_ceiling(self):
        """The most a fight or a test can give, for the ceiling of a cut exploration
        (chances.py, explore/routes.py)."""
        from engine.rules.defis_fantastiques.chances import Chances
        return Chances()

    # Stats more of which is never worse under these rules (monotone.py: the proof), and
    # what a paragraph's fight or test reads otherwise (compiled/monotone.py)
    monotone_stats = monotone.MONOTONE
    monotone_reads = staticmethod(monotone.field_reads)

    @property
    def vector_rules(self):
        """The same rules over batches of states, for the compiled explorer (vector.py)."""
        from engine.rules.defis_fantastiques.vector import VECTOR
        return VECTOR

    def apply_effect(self, play, kind, value) -> None:
        if kind in ("weapon", "armour"):
            return equipment.take(play, kind, value)
        if kind == "ceiling":
            return sheet.raise_ceiling(play, value)
        raise KeyError(kind)

    def begin(self, play, field_name, spec):
        return ACTIVITIES[field_name].begin(play, spec)

    def prompt(self, play, pending):
        return ACTIVITIES[pending["activity"]].prompt(play, pending)

    def answer(self, play, pending, key, amount) -> None:
        ACTIVITIES[pending["activity"]].answer(play, pending, key, amount)

    def on_death(self, play, cause) -> Death:
        """"Il vous faut recommencer au début et lancer les dés pour vous créer une
        nouvelle identité": restart rolls a new hero (Game.restart calls new_hero)."""
        return Death(restart=True)

    def commands(self):
        return commands.COMMANDS

    def fight_outcomes(self, play, pending, cache):
        from engine.rules.defis_fantastiques.explore import fight_outcomes
        return fight_outcomes(play, pending, cache)

    def strategy_words(self, label):
        from engine.rules.defis_fantastiques.explore import STRATEGY_WORDS
        return STRATEGY_WORDS.get(label)

    # --- display ---------------------------------------------------------------
    def item_summary(self, book, item_id):
        from engine.rules.defis_fantastiques.items import item_summary
        return item_summary(book, item_id)

    def sheet_bonuses(self, play):
        from engine.rules.defis_fantastiques.items import sheet_bonuses
        return sheet_bonuses(play)

    def fight_values(self, play, pending):
        if pending.get("activity") != "combat":
            return None
        from engine.rules.defis_fantastiques.combat import fight_values
        return fight_values(play, pending)

    def sheet(self, state, lang):
        """The Adventure Sheet: stats (x/max), weapon, armour and its hits, equipment."""
        lines = [(s.label.get(lang), sheet.stat_line(state, s.name)) for s in self.stats]
        weapon, armour = state.extra.get("weapon"), state.extra.get("armour")
        known = state.extra.get("names", {})
        name = lambda i: known.get(i, i)  # noqa: E731 - a one-line lookup
        lines.append((M("Arme", "Weapon").get(lang), name(weapon) if weapon else "—"))
        if armour:
            hits = state.extra.get("armour_hits", 0)
            hit = count(hits, ("coup encaissé", "coups encaissés"), ("hit taken", "hits taken"))
            worn = M(f"{name(armour)} ({hit.fr})", f"{name(armour)} ({hit.en})")
            lines.append((M("Armure", "Armour").get(lang), worn.get(lang)))
        else:
            lines.append((M("Armure", "Armour").get(lang), "—"))
        others = [name(i) + (f" ×{n}" if n > 1 else "") for i, n in state.items.items()
                  if n > 0 and i not in (weapon, armour)]
        lines.append((M("Équipement", "Equipment").get(lang), ", ".join(others) or "—"))
        return lines

    def toolbar(self, state, lang):
        short = ("HAB", "END", "CHA", "Or", "Prov") if lang == "fr" else ("SKL", "STA", "LCK", "Gold", "Prov")
        return "  ".join(f"{k} {sheet.stat_line(state, s.name)}" for k, s in zip(short, self.stats))
