"""Command line: ``python -m maca`` deals a hand and plays out its first trick in the terminal;
``check``, ``sheets`` and ``grade`` are the teacher's tools for exercise sets."""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from .errors import MacaError
from .hand import Hand
from .reasons import seat_name
from .rules import PRESETS, Rules

_TR_DIRECTIONS = {"left": "sola", "right": "sağa", "across": "karşıya", "none": "yok"}


def show_deal(preset: str, seed: int | None, lang: str) -> str:
    """A dealt hand (passing done by simple choices) and the first trick played out, as text.

    >>> print(show_deal("standard", 1, "en").splitlines()[0])
    maca — standard, hand 1 (pass left), dealer South (you)
    """
    rules = Rules.preset(preset)
    hand = Hand.deal(rules, seed=seed)
    rng = random.Random(seed)
    n = rules.players
    direction = hand.pass_direction if lang == "en" else _TR_DIRECTIONS[hand.pass_direction]
    out = [f"maca — {preset}, " + (f"hand 1 (pass {direction}), dealer " if lang == "en" else
                                   f"1. tur (kart geçirme: {direction}), dağıtan ")
           + seat_name(hand.dealer, lang, n)]
    for seat in range(n):
        out.append(f"  {seat_name(seat, lang, n):12} {hand.cards(seat)}")
    if hand.phase == "pass":
        for seat in range(n):
            # pass the highest cards: a simple, sensible choice for a demonstration
            hand.give(seat, hand.cards(seat).sorted_for_display()[: rules.pass_count])
        out.append("passed; now:" if lang == "en" else "kartlar geçirildi; şimdi:")
        for seat in range(n):
            out.append(f"  {seat_name(seat, lang, n):12} {hand.cards(seat)}")
    trick_no = hand.trick_number
    while hand.trick_number == trick_no and not hand.is_over:
        player = hand.to_move
        assert player is not None
        card = rng.choice(list(hand.legal_plays()))
        hand.play(card)
        out.append(f"  {seat_name(player, lang, n):12} → {card.symbol}  ({card.name(lang)})")
    winner = hand.last_trick.winner if hand.last_trick else None
    label = "wins the trick" if lang == "en" else "eli aldı"
    out.append(f"{seat_name(winner, lang, n)} {label}." if winner is not None else "")
    return "\n".join(out)


def _say(lang: str, tr: str, en: str) -> str:
    return tr if lang == "tr" else en


def validate_sets(paths: list[Path], lang: str) -> int:
    """Load each exercise set (every exercise built and solved by the engine); 1 if any fails.

    Every file is checked, whatever happens to the others.
    """
    from .exercises import load_set

    failed = 0
    for path in paths:
        try:
            exercises = load_set(path)
        except MacaError as exc:
            failed += 1
            print("✗ " + _say(lang, "Bu set okunamadı", "This set cannot be used") + f": {exc}",
                  file=sys.stderr)
            continue
        except Exception as exc:  # a bug in maca: report it, and go on with the other files
            failed += 1
            print(f"✗ {path}: " + _say(lang, "maca'da bir hata (lütfen bildirin)",
                                       "a bug in maca (please report it)")
                  + f": {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        print(f"✓ {path}: " + _say(lang, f"{len(exercises)} alıştırma, {exercises.max_score} puan",
                                   f"{len(exercises)} exercises, {exercises.max_score} points"))
    return 1 if failed else 0


def make_sheets(args: argparse.Namespace) -> int:
    """``sheets``: one variant per student, with the teacher's index."""
    from .exercises.roster import read_class
    from .exercises.sheets import write_sheets

    students = read_class(args.class_list)
    if students.note:
        print(students.note)
    entries = write_sheets(args.set, students, args.course, args.assignment,
                           args.out, args.format, args.lang)
    print(_say(args.lang, f"{len(entries)} öğrenci kâğıdı yazıldı: {args.out / 'students'} "
                          "(öğrencilere dağıtın); öğretmen dizini, cevaplarla: "
                          f"{args.out / 'teacher' / 'index.html'} (dağıtmayın)",
               f"wrote {len(entries)} student sheets to {args.out / 'students'} (hand these "
               f"out); the teacher's index, with the answers: "
               f"{args.out / 'teacher' / 'index.html'} (keep it)"))
    return 0


def grade(args: argparse.Namespace) -> int:
    """``grade``: grade every answers file of a folder into a CSV (and a chart)."""
    from .exercises.grading import grade_files, unusual, write_chart, write_grades
    from .exercises.roster import read_class
    from .exercises.sets import load_set

    if not args.answers.is_dir():
        raise MacaError(f"{args.answers}: not a folder of answers files")
    base = load_set(args.set)
    students = read_class(args.class_list) if args.class_list else None
    if students is not None and students.note:
        print(students.note)
    files = sorted(p for p in args.answers.iterdir() if p.suffix.lower() == ".json")
    rows = grade_files(base, files, args.course, args.assignment, students, args.hints,
                       args.lang)
    write_grades(rows, base, args.out)
    for row in rows:
        if row.error:
            print(f"✗ {row.file or row.student_id}: {row.error}"[:400], file=sys.stderr)
    graded = [r for r in rows if not r.error]
    print(_say(args.lang, f"{len(graded)}/{len(rows)} dosya notlandı → {args.out}",
               f"graded {len(graded)}/{len(rows)} files → {args.out}"))
    odd = unusual(rows)
    if odd:
        print(_say(args.lang, f"{odd} dosya olağan dışı bir geçmiş bildiriyor (araçların hiç "
                              "yazmadığı ipucu, deneme ya da çözüm kayıtları; status sütununa "
                              f"bakın); ipuçları: {args.hints}",
                   f"{odd} files claim unusual histories (hints, tries or solutions the tools "
                   f"never record; see the status column); hints: {args.hints}"))
    if args.chart:
        write_chart(rows, base, args.chart)
        print(_say(args.lang, f"grafik → {args.chart}", f"chart → {args.chart}"))
    return 0


def list_puzzles(as_json: bool) -> int:
    """``puzzles``: every puzzle with the solver's accepted cards (``--json``: one JSON list)."""
    import json

    from .puzzles import export

    rows = export()
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        for row in rows:
            print(f"{row['id']:8} {row['rules']:14} {row['goal']:14} {'★' * row['difficulty']:3} "
                  f"{' '.join(row['accepted'])}")
    return 0


def build_site(serve: str, port: int) -> int:
    """Build the book and the live lessons (``tools/build_site.py`` of a source checkout) and
    serve them on 127.0.0.1; ``serve``: ``"after"`` (build, then serve), ``"no"``, ``"only"``."""
    script = Path(__file__).resolve().parent.parent / "tools" / "build_site.py"
    if not script.exists():
        print(f"maca site: {script} not found: the site is built from a source checkout",
              file=sys.stderr)
        return 2
    flags = {"after": [], "no": ["--no-serve"], "only": ["--serve"]}[serve]
    os.execv(sys.executable, [sys.executable, str(script), *flags, "--port", str(port)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maca", description=__doc__)
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=None, help="reproducible deal")
    parser.add_argument("--lang", default="tr", choices=["tr", "en"])
    sub = parser.add_subparsers(dest="command", title="teacher tools",
                                description="without a command: deal a hand and play a trick")
    check = sub.add_parser("check", help="validate exercise set files (TOML)")
    check.add_argument("sets", nargs="+", type=Path, help="exercise set files")
    sheets = sub.add_parser("sheets", help="one exercise sheet per student, and an index")
    sheets.add_argument("--set", required=True, type=Path, help="exercise set file (TOML)")
    sheets.add_argument("--class", dest="class_list", required=True, type=Path,
                        help="class list CSV with a student_id column (and name)")
    sheets.add_argument("--course", required=True)
    sheets.add_argument("--assignment", required=True)
    sheets.add_argument("--out", required=True, type=Path, help="folder for the sheets")
    sheets.add_argument("--format", default="html", choices=["html", "ipynb"])
    grading = sub.add_parser("grade", help="grade a folder of answers files into a CSV")
    grading.add_argument("--set", required=True, type=Path, help="exercise set file (TOML)")
    grading.add_argument("--answers", required=True, type=Path, help="folder of answers files")
    grading.add_argument("--out", required=True, type=Path, help="grades CSV to write")
    grading.add_argument("--chart", type=Path, help="PNG chart of the class's results")
    grading.add_argument("--course", help="accept only answers for this course")
    grading.add_argument("--assignment", help="accept only answers for this assignment")
    grading.add_argument("--class", dest="class_list", type=Path,
                         help="class list: flags unknown students and lists missing ones")
    grading.add_argument("--hints", choices=["counted", "ignored"], default="counted",
                         help="counted (default): hints cost points and a seen solution scores "
                              "0, as the learner's browser recorded them (learners can edit "
                              "that record); ignored: every answer is graded on its own")
    puzzles = sub.add_parser("puzzles", help="the practice puzzles, each with the solver's "
                                             "accepted cards")
    puzzles.add_argument("--json", action="store_true", help="print a JSON list (for checking)")
    site = sub.add_parser("site", help="build the book and the live lessons, then serve them "
                                       "on 127.0.0.1 (see lite/TEACHERS.md)")
    site.add_argument("--no-serve", dest="serve", action="store_const", const="no",
                      default="after", help="build only")
    site.add_argument("--serve", dest="serve", action="store_const", const="only",
                      help="serve the last build, without building")
    site.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    from .terminal import add_arguments as play_arguments
    play_arguments(sub.add_parser("play", help="play a whole game against the computer "
                                               "(--timer S: a rated game)"))
    for command in (check, sheets, grading):
        command.add_argument("--lang", default="tr", choices=["tr", "en"])
    args = parser.parse_args(argv)
    if args.command is None:
        print(show_deal(args.rules, args.seed, args.lang))
        return 0
    if args.command == "site":
        return build_site(args.serve, args.port)
    if args.command == "play":
        from .terminal import run
        return run(args)
    try:
        if args.command == "puzzles":
            return list_puzzles(args.json)
        if args.command == "check":
            return validate_sets(args.sets, args.lang)
        return make_sheets(args) if args.command == "sheets" else grade(args)
    except (MacaError, OSError) as exc:
        print(f"maca {args.command}: " + _say(args.lang, "işlem yapılamadı", "could not finish") + f": {exc}",
              file=sys.stderr)
        return 2
    except Exception as exc:  # a bug in maca: said plainly, never a traceback
        print(f"maca {args.command}: " + _say(args.lang, "maca'da bir hata (lütfen bildirin)",
                                              "a bug in maca (please report it)")
              + f": {type(exc).__name__}: {exc}"[:400], file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
