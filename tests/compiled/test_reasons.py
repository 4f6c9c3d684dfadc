"""Why states took the engine path, in both languages (engine/analysis/compiled/reasons.py)."""
import json

from engine.analysis.compiled.programs import Unsupported
from engine.analysis.compiled.reasons import REASONS, Reason, words


def test_a_reason_is_its_english_words_and_says_itself_in_french():
    why = Unsupported("target-activity", 9).reason
    assert why == "target 9 begins an activity" and str(Unsupported("target-activity", 9)) == why
    assert words(why, "fr") == "la cible 9 commence une activité" and words(why, "en") == why
    assert json.dumps({"2": why}) == '{"2": "target 9 begins an activity"}'


def test_every_reason_has_both_languages_and_a_text_the_table_does_not_know_stays_as_it_is():
    for kind, message in REASONS.items():
        r = Reason(kind, "x")
        assert r.get("fr") and r.get("en") == r and (message.fr != message.en or "{detail}" in message.en)
    why = Unsupported("a plugin's own words").reason
    assert type(why) is str and words(why, "fr") == words(why, "en") == "a plugin's own words"
