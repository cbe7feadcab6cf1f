"""Fuzzing every public parser and file reader: whatever the input, only a `MacaError` escapes.

Inputs are random text and values of random types, and valid inputs (positions, records,
exercise files, answers files, class lists) with one part changed: a field given a value of
the wrong type, a digit replaced by a Unicode digit (① ² ٣), text cut, doubled or inserted.
Each target runs a bounded number of examples, so the whole file takes a few seconds.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from maca import Card, CardSet, Game, Hand, MacaError, Rules
from maca.__main__ import main
from maca.exercises import Progress, check, load_set, parse_set, set_from_dict
from maca.exercises.roster import parse_class, read_class
from maca.notation import (parse_game_record, parse_hand_record, parse_position, rules_from_text,
                           rules_to_text)

ROOT = Path(__file__).resolve().parent.parent
SET_FILES = sorted((ROOT / "exercises").glob("*.toml"))
PRESET_NAMES = ["standard", "omnibus", "turkish", "three_players", "partnership"]

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FEW = settings(FUZZ, max_examples=60)  # for targets that load whole exercise sets


def only_maca_errors(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call; a `MacaError` is a fine answer to bad input, any other exception fails the test."""
    try:
        return call(*args, **kwargs)
    except MacaError:
        return None


# -- strategies -------------------------------------------------------------------------------
UNICODE_DIGITS = "①②²³¹٣۴߅१৪௫໓๔𝟘𝟙０９"
CARDISH = ("AKQJT98765432akqjt10cdshCDSHSs♠♥♦♣♤♡♢♧.,;:=/-+_ \t\n'’"
           "İIıiŞşÇçĞğÖöÜü" + UNICODE_DIGITS)
TEXTS = st.one_of(st.text(max_size=40), st.text(alphabet=CARDISH, max_size=40))
LONG_TEXTS = st.builds(lambda part, times: part * times,
                       st.text(alphabet=CARDISH, min_size=1, max_size=4), st.integers(100, 3000))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-5, 60), st.floats(),
                    TEXTS, st.binary(max_size=12))
VALUES = st.recursive(SCALARS, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.tuples(kids, kids), st.dictionaries(TEXTS, kids, max_size=3),
    st.sets(st.integers(0, 60), max_size=3)), max_leaves=8)
ANY = st.one_of(TEXTS, LONG_TEXTS, VALUES)


@st.composite
def mutated(draw: st.DrawFn, originals: list[str], sep: str = " ") -> str:
    """One of ``originals`` with one to three small changes."""
    text = draw(st.sampled_from(originals))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["digit", "field", "replace", "insert", "delete", "double"]))
        if not text:
            return draw(TEXTS)
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 6)))
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if how == "digit" and digits:
            k = draw(st.sampled_from(digits))
            text = text[:k] + draw(st.sampled_from(UNICODE_DIGITS + "0123456789")) + text[k + 1:]
        elif how == "field":
            parts = text.split(sep)
            k = draw(st.integers(0, len(parts) - 1))
            key, eq, _ = parts[k].partition("=")
            parts[k] = key + eq + draw(TEXTS) if eq else draw(TEXTS)
            text = sep.join(parts)
        elif how == "replace":
            text = text[:i] + draw(TEXTS) + text[j:]
        elif how == "insert":
            text = text[:i] + draw(st.sampled_from(list(CARDISH))) + text[i:]
        elif how == "delete":
            text = text[:i] + text[j:]
        else:
            text = text[:j] + text[i:]
    return text


# -- valid inputs to change -------------------------------------------------------------------
def _play_on(hand: Hand, rng: random.Random, plays: int) -> None:
    if hand.phase == "pass":
        for seat in range(hand.players):
            hand.give(seat, rng.sample(list(hand.cards(seat)), hand.rules.pass_count))
    for _ in range(plays):
        if hand.is_over:
            return
        hand.play(rng.choice(list(hand.legal_plays())))


@cache
def positions() -> list[str]:
    """Positions of every preset, from the deal to the end of the hand."""
    out = []
    for i, name in enumerate(PRESET_NAMES * 3):
        rng = random.Random(i)
        hand = Hand.deal(Rules.preset(name), seed=i, number=1 + i % 4)
        out.append(hand.position())
        _play_on(hand, rng, rng.randrange(1, 60))
        out.append(hand.position())
    return out


@cache
def records() -> tuple[list[str], list[str]]:
    """Hand records and game records of a few short games."""
    hands, games = [], []
    for i, name in enumerate(PRESET_NAMES):
        rng = random.Random(i)
        game = Game(Rules.preset(name).replace(target=30), seed=i)
        for _ in range(2):
            _play_on(game.hand, rng, 60)
            hands.append(game.hand.record())
            if game.is_over:
                break
            game.next_hand()
        _play_on(game.hand, rng, rng.randrange(0, 30))
        games.append(game.record())
    return hands, games


@cache
def set_texts() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in SET_FILES]


#: Fields an exercise file may hold, for the fuzzer to put values of any type into.
SET_FIELDS = ["id", "title", "topic", "description", "rules", "points", "hint_cost", "seed"]
TABLE_FIELDS = ["id", "kind", "prompt", "points", "hints", "rules", "position", "plays", "hand",
                "ask", "seat", "taken", "tricks", "peskir", "totals", "goal", "card", "theme",
                "count"]
TOML_VALUES = st.one_of(
    st.integers().map(str), TEXTS.map(json.dumps),
    st.sampled_from(["true", "false", "[]", "{}", "1.5", "nan", "-inf", "1979-05-27", "07:32:00",
                     "[[]]", '[1, "a"]', "{ tr = 1 }", '{ tr = "a", en = "b" }', '"①"', '"²"',
                     '"٣"', '""', '"QS"', '["QS", 5]', "0", "-1", "99999999999999999999",
                     "[" * 50 + "]" * 50]))


@st.composite
def changed_sets(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped exercise set (as the table its file holds) with one field given any value."""
    data = tomllib.loads(draw(st.sampled_from(set_texts())))
    where = data
    tables = [t for name in ("exercise", "generate") for t in data.get(name, [])]
    if tables and draw(st.booleans()):
        where = draw(st.sampled_from(tables))
        field = draw(st.sampled_from(TABLE_FIELDS))
    else:
        field = draw(st.sampled_from(SET_FIELDS + ["exercise", "generate"]))
    where[field] = draw(VALUES)
    return data


@st.composite
def changed_toml(draw: st.DrawFn) -> str:
    """A shipped exercise file with the value of one ``key = value`` line rewritten."""
    lines = draw(st.sampled_from(set_texts())).splitlines()
    assignments = [k for k, line in enumerate(lines) if " = " in line]
    k = draw(st.sampled_from(assignments))
    lines[k] = lines[k].partition(" = ")[0] + " = " + draw(TOML_VALUES)
    return "\n".join(lines)


@cache
def answers_document() -> dict[str, Any]:
    progress = Progress("MAT101", "hafta-3", "2024001", "hearts", 42)
    progress.record("hb-1", ["KS", "8S"])
    progress.record("hb-2", 3)
    progress.entry("hb-3").hints = 1
    return progress.to_dict()


@cache
def one_exercise_per_kind() -> list[Any]:
    kinds: dict[str, Any] = {}
    for path in SET_FILES:
        for exercise in only_maca_errors(load_set, path) or ():
            kinds.setdefault(exercise.kind, exercise)
    return list(kinds.values())


CLASS_LISTS = ["student_id,name\n2024001,Ayşe Yılmaz\n2024002,Can Öz\n",
               "student_id;name\n2024001;Ayşe\n\n2024003;\"Öz; Can\"\n", "\ufeffStudent_ID\n7\n"]


# -- cards ------------------------------------------------------------------------------------
@FUZZ
@given(ANY)
@example("①S")
@example("²H")
@example("٣C")
@example(None)
@example(b"QS")
@example(True)
def test_card_parse(value: Any) -> None:
    only_maca_errors(Card.parse, value)
    only_maca_errors(Card, value)


@FUZZ
@given(ANY)
@example(None)
@example(5.0)
@example(True)
@example(b"QS KS")
@example([None])
@example({"QS": 1})
@example("AK.Q①..")
@example("QS, ,KS")
def test_card_set_parsers(value: Any) -> None:
    only_maca_errors(CardSet, value)
    only_maca_errors(CardSet.parse, value)
    only_maca_errors(CardSet.from_pbn, value)


@FUZZ
@given(ANY, st.integers(0, 60), st.sampled_from(list(Card(i) for i in range(52))))
def test_card_set_operators_and_membership(other: Any, index: int, card: Card) -> None:
    cards = CardSet(1 << index % 52)
    try:
        _ = (cards <= other, cards < other, cards >= other, cards > other,
             cards | other, cards & other, cards - other, cards ^ other)
    except TypeError:
        pass  # Python's answer to ordering or combining with an unrelated type
    except MacaError:
        pass  # a list or set that holds something other than cards
    assert (cards == other) in (True, False)
    only_maca_errors(cards.__contains__, other)
    assert card in CardSet([card])


# -- rules ------------------------------------------------------------------------------------
RULE_OPTIONS = [f for f in Rules.__dataclass_fields__]


@FUZZ
@given(ANY)
@example([])
@example(None)
@example("Standard")
@example("standard ")
def test_rules_preset(name: Any) -> None:
    only_maca_errors(Rules.preset, name)


@FUZZ
@given(st.dictionaries(st.one_of(st.sampled_from(RULE_OPTIONS), TEXTS), ANY, max_size=3),
       st.sampled_from(PRESET_NAMES))
@example({"target": "100"}, "standard")
@example({"players": 4.0}, "standard")
@example({"peskir": []}, "standard")
@example({"must_break_hearts": "no"}, "standard")
@example({"name": "hearts"}, "standard")
@example({"removed": 5}, "three_players")
def test_rules_replace_and_construction(changes: dict[str, Any], preset: str) -> None:
    rules = only_maca_errors(Rules.preset(preset).replace, **changes)
    if rules is not None:  # accepted: a hashable value that position strings can write
        assert hash(rules) == hash(rules.replace()) and rules == rules.replace()
        assert rules_from_text(rules_to_text(rules)) == rules
    only_maca_errors(Rules, **{k: v for k, v in changes.items() if k in RULE_OPTIONS})


@FUZZ
@given(st.one_of(ANY, mutated(["standard;target=50;moon=new", "turkish;peskir=off",
                               "omnibus;card_values=QS:13+JD:-10", "three_players;removed=2D",
                               "standard;pass_cycle=left+right;bonus_card=10D"], sep=";")))
@example("standard;target=①")
@example("standard;target=²")
@example("standard;target=٣")
@example("standard;name=turkish")
@example("standard;card_values=QS:①")
def test_rules_from_text(text: Any) -> None:
    only_maca_errors(rules_from_text, text)


# -- positions and records (maca.notation) ----------------------------------------------------
@FUZZ
@given(st.one_of(ANY, st.deferred(lambda: mutated(positions()))))
def test_positions(text: Any) -> None:
    only_maca_errors(parse_position, text)
    only_maca_errors(Hand.from_position, text)


@FUZZ
@given(st.one_of(ANY, st.deferred(lambda: mutated(records()[0], sep="\n")),
                 st.deferred(lambda: mutated(records()[0]))))
def test_hand_records(text: Any) -> None:
    only_maca_errors(parse_hand_record, text)
    only_maca_errors(Hand.from_record, text)


@FUZZ
@given(st.one_of(ANY, st.deferred(lambda: mutated(records()[1], sep="\n")),
                 st.deferred(lambda: mutated(records()[1]))))
def test_game_records(text: Any) -> None:
    only_maca_errors(parse_game_record, text)
    only_maca_errors(Game.from_record, text)


#: The cases of the issue "Engine: one family of errors", and values of the wrong type.
KNOWN = [None, 5, 4.0, [], {}, b"standard", "①", "²", "٣"]
RECORD_CASES = ["rules standard\nhand ① dealer 0\n", "rules standard\nhand ² dealer 0\n",
                "rules standard\nhand 1 dealer ٣\n"]
POSITION_CASES = ["standard hand=① cards=...", "standard hand=² cards=...",
                  "standard dealer=٣ cards=..."]


@pytest.mark.parametrize("reader", [
    Card.parse, CardSet, CardSet.parse, CardSet.from_pbn, Rules.preset, rules_from_text,
    parse_position, Hand.from_position, parse_hand_record, Hand.from_record, parse_game_record,
    Game.from_record, parse_set,
    set_from_dict, Progress.from_json, Progress.from_dict, parse_class, load_set, Progress.load,
    read_class], ids=lambda f: f.__qualname__)
@pytest.mark.parametrize("value", KNOWN + RECORD_CASES + POSITION_CASES, ids=repr)
def test_known_bad_inputs(reader: Callable[[Any], Any], value: Any) -> None:
    only_maca_errors(reader, value)


# -- exercise sets, answers, class lists --------------------------------------------------------
@FEW
@given(st.one_of(ANY, changed_toml(), st.deferred(lambda: mutated(set_texts(), "\n"))))
@example("tricks = 5")
@example("x = " + "[" * 2000 + "]" * 2000)
@example('[[exercise]]\nid = "a"\nkind = []\n')
@example('[[exercise]]\ngoal = []\n')
def test_exercise_set_text(text: Any) -> None:
    only_maca_errors(parse_set, text, "fuzz.toml")


@FEW
@given(st.one_of(changed_sets(), VALUES))
def test_exercise_set_tables(data: Any) -> None:
    only_maca_errors(set_from_dict, data, "fuzz.toml")


def test_an_exercise_set_nested_2000_deep_is_refused() -> None:
    deep: list[Any] = []
    for _ in range(2000):
        deep = [deep]
    only_maca_errors(set_from_dict, {"title": {"tr": "a", "en": "b"}, "exercise": [
        {"id": "x", "kind": "hand_score", "taken": deep, "prompt": {"tr": "a", "en": "b"}}]})


@FUZZ
@given(st.data())
def test_answers(data: Any) -> None:
    exercise = data.draw(st.sampled_from(one_exercise_per_kind()))
    right = json.dumps(exercise.answer(), ensure_ascii=False)
    answer = data.draw(st.one_of(ANY, mutated([right]).map(_json_or_text)))
    only_maca_errors(check, exercise, answer)


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


@FUZZ
@given(st.data())
def test_answers_files(data: Any) -> None:
    document = json.loads(json.dumps(answers_document()))
    target = document if data.draw(st.booleans()) else document["answers"]["hb-1"]
    target[data.draw(st.sampled_from(sorted(target) + ["x"]))] = data.draw(VALUES)
    only_maca_errors(Progress.from_dict, document, "fuzz.json")
    text = data.draw(st.one_of(ANY, mutated([json.dumps(answers_document())])))
    only_maca_errors(Progress.from_json, text, "fuzz.json")


@FUZZ
@given(st.one_of(ANY, mutated(CLASS_LISTS, sep="\n"), mutated(CLASS_LISTS, sep=",")))
@example("student_id\n\x00\n")
@example("student_id\n" + "x" * 200_000 + "\n")
def test_class_lists(text: Any) -> None:
    only_maca_errors(parse_class, text, "fuzz.csv")


@FEW
@given(st.binary(max_size=200), st.sampled_from(["set", "answers", "class"]))
def test_file_readers(content: bytes, reader: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz"
        path.write_bytes(content)
        call = {"set": load_set, "answers": Progress.load, "class": read_class}[reader]
        only_maca_errors(call, path)
        only_maca_errors(call, str(path) + "\x00")
        only_maca_errors(call, None)


# -- the command line ---------------------------------------------------------------------------
GOOD_SET = """title = { tr = "Deneme", en = "Trial" }
[[exercise]]
id = "p1"
kind = "pass_direction"
hand = 3
prompt = { tr = "Kartların kime gider?", en = "Who gets your cards?" }
[[generate]]
id = "g"
kind = "game_winner"
count = 2
"""


@FEW
@given(st.one_of(changed_toml(), ANY.map(str), st.binary(max_size=100)),
       st.sampled_from(["tr", "en"]))
@example("tricks = 5", "en")
@example("x = " + "[" * 2000 + "]" * 2000, "tr")
def test_check_command_checks_every_file(bad: str | bytes, lang: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        good = Path(folder) / "good.toml"
        good.write_text(GOOD_SET, encoding="utf-8")
        path = Path(folder) / "bad.toml"
        if isinstance(bad, bytes):
            path.write_bytes(bad)
        else:
            path.write_text(bad, encoding="utf-8", errors="surrogatepass")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["check", "--lang", lang, str(good), str(path), str(good)])
    assert out.getvalue().count(f"✓ {good}") == 2, err.getvalue()
    assert "a bug in maca" not in err.getvalue() and "maca'da bir hata" not in err.getvalue()
    assert code == (1 if "✗" in err.getvalue() else 0)
