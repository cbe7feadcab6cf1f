"""Exercise sets: TOML files read with `tomllib`, validated, with generated exercises.

A set file holds hand-written ``[[exercise]]`` tables and ``[[generate]]`` tables; generated
exercises depend on the set's seed, so `ExerciseSet.variant(seed)` gives each student their own
and the same seed gives the same exercises again. See ``exercises/README.md`` for the format.

>>> s = parse_set('''
... title = { tr = "Deneme", en = "Trial" }
... [[exercise]]
... id = "p1"
... kind = "pass_direction"
... hand = 3
... prompt = { tr = "Kartların kime gider?", en = "Who gets your cards?" }
... [[generate]]
... id = "g"
... kind = "game_winner"
... count = 2
... ''', "trial.toml")
>>> [e.id for e in s], s.max_score, s["p1"].answer()
(['p1', 'g-1', 'g-2'], 3, 2)
>>> s.variant(7)["g-1"].answer() == s.variant(7)["g-1"].answer()
True
"""
from __future__ import annotations

import os
import random
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ..errors import MacaError, shown
from ..notation import rules_to_text
from ..words import Text, catalogue, say
from .files import read_capped
from .generators import GenerationError, generate, resolve_theme
from .kinds import build_question, parse_rules
from .model import Exercise
from .text import ExerciseError, text_field

__all__ = ["ExerciseSet", "load_set", "parse_set", "set_from_dict", "find_set", "set_names",
           "unique_ids", "SET_FOLDERS"]

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_SET_KEYS = {"id", "title", "topic", "description", "rules", "points", "hint_cost", "seed",
             "exercise", "generate"}
_COMMON = {"id", "kind", "prompt", "points", "hints", "rules"}
_GENERATE_KEYS = {"id", "kind", "theme", "count", "rules", "points", "prompt", "hints"}
MAX_COUNT = 100  # exercises one [[generate]] table may make
MAX_EXERCISES = 200  # exercises in one set, written and generated together
MAX_BYTES = 2_000_000  # the largest exercise set file read
MAX_POINTS = 100  # points (and hint_cost) of one exercise
#: where a set is found by name: the copies a built wheel ships in the package (setup.py puts
#: them there), then the project's ``exercises/`` folder, where the sets are written
SET_FOLDERS = (Path(__file__).resolve().parent / "sets",
               Path(__file__).resolve().parents[2] / "exercises")


@dataclass(frozen=True)
class _Defaults:
    rules: str
    points: int
    hint_cost: int


@dataclass(frozen=True, eq=False)
class ExerciseSet:
    """The exercises of one set, for one seed (hand-written ones first, then generated ones)."""

    id: str
    title: Text
    topic: str
    seed: int
    exercises: tuple[Exercise, ...]
    source: str
    description: Text | None = None
    _written: tuple[Exercise, ...] = ()
    _generate: tuple[Mapping[str, Any], ...] = ()
    _defaults: _Defaults = _Defaults("standard", 1, 0)

    def variant(self, seed: int) -> ExerciseSet:
        """The same set with its generated exercises made from ``seed``."""
        made = _generated(self.id, seed, self._generate, self._defaults, self.source)
        return replace(self, seed=seed, exercises=self._written + made)

    @property
    def max_score(self) -> int:
        """The points of all exercises together."""
        return sum(e.points for e in self.exercises)

    def __getitem__(self, exercise_id: str) -> Exercise:
        for exercise in self.exercises:
            if exercise.id == exercise_id:
                return exercise
        raise KeyError(f"{self.source}: no exercise {exercise_id!r}")

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.exercises)

    def __len__(self) -> int:
        return len(self.exercises)

    def __repr__(self) -> str:
        return f"<ExerciseSet {self.id}: {len(self)} exercises, seed {self.seed}>"


def load_set(path: str | Path, seed: int | None = None) -> ExerciseSet:
    """Read and validate an exercise set file (for ``seed``, default: the set's own seed)."""
    if not isinstance(path, (str, os.PathLike)):
        raise ExerciseError(say("sets.path"), value=shown(path))
    path = Path(path)
    data = read_capped(path, MAX_BYTES, ExerciseError, Text("alıştırma seti", "exercise set"),
                       links=True)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ExerciseError(say("sets.not_utf8"), path=str(path), byte=exc.start) from None
    return parse_set(text, str(path), seed, default_id=path.stem)


def set_names() -> list[str]:
    """The names of the exercise sets `find_set` opens by name.

    >>> set_names()
    ['follow_suit', 'hearts', 'moon', 'passing', 'scoring', 'strategy', 'turkish', 'variants']
    """
    return sorted({p.stem for folder in SET_FOLDERS for p in folder.glob("*.toml")})


def find_set(source: str | Path | ExerciseSet) -> ExerciseSet:
    """An exercise set: given as is, read from a ``.toml`` path, or by name (see `set_names`).

    >>> find_set("passing").id, len(find_set("passing")) > 10
    ('passing', True)
    >>> find_set("pasing")
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: no exercise set 'pasing'. Sets: follow_suit, hearts, moon, passing, \
scoring, strategy, turkish, variants; or the path of a .toml file
    """
    if isinstance(source, ExerciseSet):
        return source
    if not isinstance(source, (str, os.PathLike)):
        raise ExerciseError(say("sets.source"), value=shown(source))
    path = Path(source)
    if path.suffix == ".toml" or path.exists():
        return load_set(path)
    if isinstance(source, str) and _ID.match(source):
        for folder in SET_FOLDERS:
            if (folder / f"{source}.toml").is_file():
                return load_set(folder / f"{source}.toml")
    raise ExerciseError(say("sets.no_set"), name=shown(str(source)), names=", ".join(set_names()))


def parse_set(text: str, source: str = "<set>", seed: int | None = None,
              default_id: str = "set") -> ExerciseSet:
    """An exercise set from TOML text; `ExerciseError` names the file, exercise and problem."""
    if not isinstance(text, str):
        raise ExerciseError(say("within"), where=source, exc=say("sets.text", value=shown(text)))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ExerciseError(say("within"), where=source,
                            exc=say("sets.toml", problem=str(exc))) from None
    except RecursionError:
        raise ExerciseError(say("within"), where=source, exc=say("sets.too_deep")) from None
    return set_from_dict(data, source, seed, default_id)


def set_from_dict(data: Mapping[str, Any], source: str = "<set>", seed: int | None = None,
                  default_id: str = "set") -> ExerciseSet:
    """An exercise set from the table a TOML file holds (the same fields, as Python values).

    >>> s = set_from_dict({"title": {"tr": "D", "en": "T"},
    ...                    "exercise": [{"id": "p", "kind": "pass_direction", "hand": 2,
    ...                                  "prompt": {"tr": "Kime?", "en": "To whom?"}}]})
    >>> s["p"].answer()
    3
    >>> set_from_dict({"title": {"tr": "D", "en": "T"}, "exercise": [{"id": "p", "kind": []}]})
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: <set>: exercise 'p' ([[exercise]] #1): kind [] is not known: use legal_cards, ...
    """
    def fail(problem: Text) -> ExerciseError:
        return ExerciseError(say("within"), where=source, exc=problem)

    if not isinstance(data, Mapping) or not all(isinstance(k, str) for k in data):
        raise fail(say("sets.table", value=shown(data)))
    unknown = set(data) - _SET_KEYS
    if unknown:
        raise fail(say("sets.top_fields", fields=", ".join(sorted(unknown)),
                       known=", ".join(sorted(_SET_KEYS))))
    set_id = data.get("id", default_id)
    if not isinstance(set_id, str) or not _ID.match(set_id):
        raise fail(say("sets.id", value=shown(set_id)))
    try:
        title = text_field(data.get("title"), "title")
        description = text_field(data["description"], "description") if "description" in data else None
        rules = data.get("rules", "standard")
        parse_rules(rules)
        defaults = _Defaults(rules, _count(data.get("points", 1), "points", 0, MAX_POINTS),
                             _count(data.get("hint_cost", 0), "hint_cost", 0, MAX_POINTS))
        topic = data.get("topic", "")
        if not isinstance(topic, str):
            raise ExerciseError(say("sets.topic"), value=shown(topic))
        own_seed = _count(data.get("seed", 0), "seed", 0)
    except ExerciseError as exc:
        raise ExerciseError(say("within"), where=source, exc=exc) from None
    tables = {name: data.get(name, []) for name in ("exercise", "generate")}
    for name, items in tables.items():
        if not isinstance(items, list) or not all(
                isinstance(t, Mapping) and all(isinstance(k, str) for k in t) for t in items):
            raise fail(say("sets.tables", name=name))
    if len(tables["exercise"]) + len(tables["generate"]) > MAX_EXERCISES:
        raise fail(say("sets.too_many_tables", most=MAX_EXERCISES))
    specs = tuple(_generate_spec(t, i, defaults, source) for i, t in enumerate(tables["generate"]))
    total = len(tables["exercise"]) + sum(spec["count"] for spec in specs)
    if total > MAX_EXERCISES:
        raise fail(say("sets.too_many", total=total, written=len(tables["exercise"]),
                       made=total - len(tables["exercise"]), most=MAX_EXERCISES))
    written = tuple(_exercise(t, i, defaults, source) for i, t in enumerate(tables["exercise"]))
    if not written and not specs:
        raise fail(say("sets.empty"))
    base = ExerciseSet(set_id, title, topic, own_seed, written, source, description,
                       written, specs, defaults)
    made = base.variant(own_seed if seed is None else seed)
    unique_ids(made, source)
    return made


def unique_ids(exercises: Iterable[Exercise], source: str) -> None:
    """Refuse two exercises with one id: ids name answers and progress.

    >>> s = find_set("passing")
    >>> unique_ids([s.exercises[0], s.exercises[0]], "two.toml")
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: two.toml: exercise id 'pass-1' is used twice: ids must be unique
    """
    seen: set[str] = set()
    for exercise in exercises:
        if exercise.id in seen:
            raise ExerciseError(say("within"), where=source,
                                exc=say("sets.id_twice", name=shown(exercise.id)))
        seen.add(exercise.id)


def _count(value: Any, name: str, least: int, most: int | None = None) -> int:
    if (not isinstance(value, int) or isinstance(value, bool) or value < least
            or (most is not None and value > most)):
        if most is None:
            raise ExerciseError(say("sets.at_least"), name=name, least=least, value=shown(value))
        raise ExerciseError(say("sets.between"), name=name, least=least, most=most,
                            value=shown(value))
    return value


def _hints(value: Any) -> tuple[Text, ...]:
    if not isinstance(value, list):
        raise ExerciseError(say("sets.hints"), value=shown(value))
    return tuple(text_field(h, f"hints[{i}]") for i, h in enumerate(value))


def _exercise(table: Mapping[str, Any], index: int, defaults: _Defaults, source: str) -> Exercise:
    name = table.get("id", f"#{index + 1}")
    where = say("sets.at_exercise", source=source, name=shown(name), n=index + 1)
    try:
        if "answer" in table or "solution" in table:
            raise ExerciseError(say("sets.answer"))
        if not isinstance(name, str) or not _ID.match(name):
            raise ExerciseError(say("sets.exercise_id"), value=shown(name))
        if "kind" not in table:
            raise ExerciseError(say("sets.no_kind"))
        fields = {k: v for k, v in table.items() if k not in _COMMON}
        question = build_question(table["kind"], fields, table.get("rules", defaults.rules))
        return Exercise(name, question, text_field(table.get("prompt"), "prompt"),
                        _count(table.get("points", defaults.points), "points", 0, MAX_POINTS),
                        _hints(table.get("hints", [])), defaults.hint_cost, source)
    except MacaError as exc:
        raise ExerciseError(say("within"), where=where, exc=exc) from None


def _generate_spec(table: Mapping[str, Any], index: int, defaults: _Defaults,
                   source: str) -> dict[str, Any]:
    where = say("sets.at_generate", source=source, n=index + 1)
    try:
        unknown = set(table) - _GENERATE_KEYS
        if unknown:
            raise ExerciseError(say("sets.generate_fields"), fields=", ".join(sorted(unknown)),
                                known=", ".join(sorted(_GENERATE_KEYS)))
        prefix = table.get("id")
        if not isinstance(prefix, str) or not _ID.match(prefix):
            raise ExerciseError(say("sets.generate_id"), value=shown(prefix))
        rules = parse_rules(table.get("rules", defaults.rules))
        spec = {"id": prefix, "kind": table.get("kind"),
                "theme": resolve_theme(table.get("kind"), table.get("theme"), rules),
                "count": _count(table.get("count", 1), "count", 1, MAX_COUNT),
                "rules": rules_to_text(rules),
                "points": _count(table.get("points", defaults.points), "points", 0, MAX_POINTS),
                "prompt": text_field(table["prompt"], "prompt") if "prompt" in table else None,
                "hints": _hints(table["hints"]) if "hints" in table else None,
                "where": where}
        return spec
    except MacaError as exc:
        raise ExerciseError(say("within"), where=where, exc=exc) from None


def _generated(set_id: str, seed: int, specs: tuple[Mapping[str, Any], ...],
               defaults: _Defaults, source: str) -> tuple[Exercise, ...]:
    out = []
    for spec in specs:
        rules = parse_rules(spec["rules"])
        for j in range(spec["count"]):
            rng = random.Random(f"{set_id}/{seed}/{spec['id']}/{j}")
            try:
                made = generate(spec["kind"], spec["theme"], rules, rng)
            except GenerationError as exc:
                raise ExerciseError(say("within"), where=spec["where"], exc=exc) from None
            out.append(Exercise(f"{spec['id']}-{j + 1}", made.question, spec["prompt"] or made.prompt,
                                spec["points"], spec["hints"] if spec["hints"] is not None else made.hints,
                                defaults.hint_cost, source))
    return tuple(out)


# The errors of an exercise set file, for the teacher who writes it.
catalogue("sets", {
    "path": ("alıştırma seti bir dosya yolundan okunur, {value} değil",
             "an exercise set is read from a file path, not {value}"),
    "not_utf8": ("{path}: alıştırma seti okunamıyor: UTF-8 metni değil (bayt {byte}); dosyayı "
                 "UTF-8 olarak kaydedin", "{path}: cannot read the exercise set: not UTF-8 text "
                 "(byte {byte}); save the file as UTF-8"),
    "source": ("alıştırma seti bir ad, bir .toml yolu ya da bir ExerciseSet olur, {value} değil",
               "an exercise set is a name, a .toml path or an ExerciseSet, not {value}"),
    "no_set": ("{name} adında bir alıştırma seti yok. Setler: {names}; ya da bir .toml "
               "dosyasının yolu", "no exercise set {name}. Sets: {names}; or the path of a "
               ".toml file"),
    "text": ("alıştırma seti bir TOML metni olmalı, {value} değil",
             "an exercise set is TOML text, not {value}"),
    "toml": ("geçerli bir TOML değil: {problem}", "not valid TOML: {problem}"),
    "too_deep": ("değerler okunamayacak kadar iç içe", "values are nested too deeply to be read"),
    "table": ("alıştırma seti alanlardan oluşan bir tablodur, {value} değil",
              "an exercise set is a table of fields, not {value}"),
    "top_fields": ("bilinmeyen üst düzey alan(lar): {fields}; kullanılabilecek alanlar: {known}",
                   "unknown top-level field(s) {fields}: use {known}"),
    "id": ("id {value}: harf, rakam, '-', '_' ya da '.' kullanın",
           "id {value}: use letters, digits, '-', '_' or '.'"),
    "topic": ("topic metin olmalı, {value} değil", "topic must be text, not {value}"),
    "tables": ("{name}, [[{name}]] tabloları olarak yazılmalı",
               "{name} must be written as [[{name}]] tables"),
    "too_many_tables": ("tablo çok fazla: bir sette en çok {most} alıştırma olur; seti birkaç "
                        "sete bölün", "too many tables: a set holds at most {most} exercises; "
                        "split it into several sets"),
    "too_many": ("{total} alıştırma ({written} yazılmış, {made} üretilecek): bir sette en çok "
                 "{most} alıştırma olur; sayıları azaltın ya da seti birkaç sete bölün",
                 "{total} exercises ({written} written, {made} generated): a set holds at most "
                 "{most}; lower the counts or split it into several sets"),
    "empty": ("sette ne [[exercise]] ne de [[generate]] tablosu var",
              "the set has no [[exercise]] nor [[generate]] table"),
    "id_twice": ("{name} alıştırma kimliği iki kez kullanılmış: her kimlik bir kez kullanılmalı",
                 "exercise id {name} is used twice: ids must be unique"),
    "at_least": ("{name} en az {least} olan bir tam sayı olmalı, {value} değil",
                 "{name} must be a whole number ≥ {least}, not {value}"),
    "between": ("{name} {least} ile {most} arası bir tam sayı olmalı, {value} değil",
                "{name} must be a whole number from {least} to {most}, not {value}"),
    "hints": ('hints {{ tr = "…", en = "…" }} tablolarından oluşan bir liste olmalı, {value} '
              'değil', 'hints must be a list of {{ tr = "…", en = "…" }} tables, not {value}'),
    "at_exercise": ("{source}: {name} alıştırması ([[exercise]] #{n})",
                    "{source}: exercise {name} ([[exercise]] #{n})"),
    "at_generate": ("{source}: [[generate]] #{n}", "{source}: [[generate]] #{n}"),
    "answer": ("alıştırma dosyaları cevabı içermez: onu silin, cevabı motor hesaplar",
               "exercise files never hold the answer: remove it, the engine computes it"),
    "exercise_id": ("id {value}: harf, rakam, '-', '_' ya da '.' kullanın (ve bir id verin)",
                    "id {value}: use letters, digits, '-', '_' or '.' (and give one)"),
    "no_kind": ("kind eksik", "kind is missing"),
    "generate_fields": ("bilinmeyen alan(lar): {fields}; kullanılabilecek alanlar: {known}",
                        "unknown field(s) {fields}: use {known}"),
    "generate_id": ("id {value}: her [[generate]] tablosuna bir id verin (harf, rakam, '-', '_' "
                    "ya da '.'); alıştırmaları id-1, id-2, … diye adlandırılır",
                    "id {value}: give each [[generate]] an id (letters, digits, '-', '_' or '.'); "
                    "its exercises are named id-1, id-2, …"),
}, scoped=True)
