"""Command line: ``python -m maca`` deals a hand and plays out its first trick in the terminal;
``check``, ``sheets`` and ``grade`` are the teacher's tools for exercise sets; ``class serve``
starts the class server (`maca.server`)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Mapping

from .bots import RandomBot, highest_cards, play_turn
from .errors import MacaError
from .hand import Hand
from .reasons import seat_name
from .rules import PRESETS, Rules
from .words import Text, say

def show_deal(preset: str, seed: int | None, lang: str) -> str:
    """A dealt hand (each seat passes its highest cards) and the first trick played out by
    random players, as text.

    >>> print(show_deal("standard", 1, "en").splitlines()[0])
    maca — standard, hand 1 (pass left), dealer South (you)
    """
    rules = Rules.preset(preset)
    hand = Hand.deal(rules, seed=seed)
    bot = RandomBot(seed)
    n = rules.players
    direction = say(f"dir_{hand.pass_direction}")
    out = [f"maca — {preset}, " + Text("1. tur (kart geçirme: {direction}), dağıtan ",
                                       "hand 1 (pass {direction}), dealer ").say(
                                           lang, direction=direction)
           + seat_name(hand.dealer, lang, n)]
    for seat in range(n):
        out.append(f"  {seat_name(seat, lang, n):12} {hand.cards(seat)}")
    if hand.phase == "pass":
        for seat in range(n):
            hand.give(seat, highest_cards(hand.observe(seat)))
        out.append(Text("kartlar geçirildi; şimdi:", "passed; now:")[lang])
        for seat in range(n):
            out.append(f"  {seat_name(seat, lang, n):12} {hand.cards(seat)}")
    trick_no = hand.trick_number
    while hand.trick_number == trick_no and not hand.is_over:
        player = hand.to_move
        assert player is not None
        card = play_turn(hand, bot)
        out.append(f"  {seat_name(player, lang, n):12} → {card.symbol}  ({card.name(lang)})")
    winner = hand.last_trick.winner if hand.last_trick else None
    label = Text("eli aldı", "wins the trick")[lang]
    out.append(f"{seat_name(winner, lang, n)} {label}." if winner is not None else "")
    return "\n".join(out)


def _files(lang: str, count: int) -> str:
    """``1 file``, ``2 files`` (Turkish: ``2 dosya``)."""
    return Text(f"{count} dosya", f"{count} file" + ("" if count == 1 else "s"))[lang]


_ASCII = {"✓": "OK", "✗": "X", "→": "->", "…": "...", "—": "-", "⚠": "!", "×": "x",
          "≤": "<=", "≥": ">="}


def _fallback(exc: UnicodeError) -> tuple[str, int]:
    """An encoding error handler: signs a terminal's code page lacks (``✓`` in cp1254) become
    ASCII, anything else an escape: what maca prints never stops it."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    return "".join(_ASCII.get(c) or (f"\\u{ord(c):04x}" if ord(c) < 0x10000 else
                                     f"\\U{ord(c):08x}") for c in text), exc.end


def _safe_streams() -> None:
    """Let the teacher's terminal show what it can of every message (see `_fallback`)."""
    import codecs
    import io
    codecs.register_error("maca-fallback", _fallback)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            try:
                stream.reconfigure(errors="maca-fallback")
            except (ValueError, OSError):
                pass


def _os_message(exc: OSError, lang: str) -> str:
    """An operating-system error as a sentence for the teacher, with what to do."""
    import errno
    from .exercises.files import plain

    name = plain(exc.filename) if exc.filename is not None else "?"
    advice = {
        errno.EISDIR: ("bu bir klasör: bir dosya adı verin (örneğin notlar.csv)",
                       "this is a folder: give a file name (for example grades.csv)"),
        errno.EEXIST: ("bu ad zaten bir dosyanın: başka bir ad verin",
                       "a file already has this name: give another name"),
        errno.ENOTDIR: ("yolun bir parçası klasör değil, dosya: yolu denetleyin",
                        "part of the path is a file, not a folder: check the path"),
        errno.ENOENT: ("böyle bir dosya ya da klasör yok: yolu denetleyin",
                       "no such file or folder: check the path"),
        errno.EACCES: ("buna izniniz yok: yazabildiğiniz bir yer seçin",
                       "you have no permission for this: choose a place you can write to"),
        errno.EROFS: ("salt okunur bir disk: yazabildiğiniz bir yer seçin",
                      "a read-only disk: choose a place you can write to"),
        errno.ENOSPC: ("diskte yer kalmadı", "the disk is full"),
    }.get(exc.errno or 0, (f"{exc.strerror or exc}: yolu denetleyin",
                           f"{exc.strerror or exc}: check the path"))
    return f"{name}: {Text(*advice)[lang]}"


def validate_sets(paths: list[Path], lang: str) -> int:
    """Load each exercise set (every exercise built and solved by the engine); 1 if any fails.

    Every file is checked, whatever happens to the others.
    """
    from .exercises import load_set
    from .exercises.files import plain

    failed = 0
    for path in paths:
        try:
            exercises = load_set(path)
        except MacaError as exc:
            failed += 1
            print("✗ " + Text("Bu set okunamadı", "This set cannot be used")[lang]
                  + f": {plain(exc.message(lang))}", file=sys.stderr)
            continue
        except Exception as exc:  # a bug in maca: report it, and go on with the other files
            failed += 1
            print(f"✗ {plain(path)}: " + Text("maca'da bir hata (lütfen bildirin)",
                                       "a bug in maca (please report it)")[lang]
                  + f": {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        print(f"✓ {plain(path)}: " + Text(f"{len(exercises)} alıştırma, {exercises.max_score} puan",
                                   f"{len(exercises)} exercises, {exercises.max_score} points")[lang])
    return 1 if failed else 0


def make_sheets(args: argparse.Namespace) -> int:
    """``sheets``: one variant per student, with the teacher's index."""
    from .exercises.roster import read_class
    from .exercises.sheets import write_sheets

    students = read_class(args.class_list)
    for note in (students.note, students.columns):
        if note:
            print(note[args.lang])
    entries = write_sheets(args.set, students, args.course, args.assignment,
                           args.out, args.format, args.lang, args.csv_separator)
    print(Text(f"{len(entries)} öğrenci kâğıdı yazıldı: {args.out / 'students'} "
                          "(öğrencilere dağıtın); öğretmen dizini, cevaplarla: "
                          f"{args.out / 'teacher' / 'index.html'} (dağıtmayın)",
               f"wrote {len(entries)} student sheet{'s' * (len(entries) != 1)} to "
               f"{args.out / 'students'} (hand {'them' if len(entries) != 1 else 'it'} "
               f"out); the teacher's index, with the answers: "
               f"{args.out / 'teacher' / 'index.html'} (keep it)")[args.lang])
    return 0


def _check_grade_paths(args: argparse.Namespace) -> None:
    """Refuse, before any work, outputs that would overwrite an input or land among the
    students' files, a chart format maca cannot write, and a chart without matplotlib."""
    from .exercises.files import plain
    from .exercises.grading import CHART_FORMATS

    answers = args.answers.resolve()
    inputs = {"--set": args.set, "--class": args.class_list}
    outputs = {"--out": args.out, "--report": args.report, "--chart": args.chart}
    for option, path in outputs.items():
        if path is None:
            continue
        where = path.resolve()
        if path.is_dir() or not path.name or path.name in (".", ".."):
            raise MacaError(Text(f"{option} {plain(path)} bir klasör: bir dosya adı verin "
                                       "(örneğin notlar.csv, grafik.png)",
                                 f"{option} {plain(path)} is a folder: give a file name (for "
                                 "example grades.csv, chart.png)"))
        for other, source in inputs.items():
            if source is not None and source.resolve() == where:
                raise MacaError(Text(f"{option} {plain(path)}, {other} ile aynı dosya: "
                                           "girdinizin üzerine yazılırdı; başka bir ad verin",
                                     f"{option} {plain(path)} is the same file as {other}: it "
                                     "would be overwritten; give another name"))
        if where == answers or answers in where.parents:
            raise MacaError(Text(f"{option} {plain(path)} cevap klasörünün ({plain(args.answers)}) "
                                       "içinde: öğrencilerin dosyalarının arasına yazılmaz; "
                                       "başka bir klasör seçin",
                                 f"{option} {plain(path)} is inside the answers folder "
                                 f"({plain(args.answers)}): nothing is written among the "
                                 "students' files; choose another folder"))
        if not where.parent.is_dir():
            raise MacaError(Text(f"{option} {plain(path)}: {plain(path.parent)} klasörü yok; "
                                       "önce klasörü yapın ya da başka bir yol verin",
                                 f"{option} {plain(path)}: the folder {plain(path.parent)} does "
                                 "not exist; make it first or give another path"))
    named = [(option, path.resolve()) for option, path in outputs.items() if path is not None]
    for i, (option, where) in enumerate(named):
        for other, elsewhere in named[i + 1:]:
            if where == elsewhere:
                raise MacaError(Text(f"{option} ve {other} aynı dosya olamaz",
                                     f"{option} and {other} cannot be the same file"))
    if args.chart is not None:
        formats = ", ".join(CHART_FORMATS)
        if args.chart.suffix.lower() not in CHART_FORMATS or not args.chart.stem.strip("."):
            raise MacaError(Text(f"--chart {plain(args.chart)}: grafik {formats} olarak "
                                       "yazılır; örneğin grafik.png verin",
                                 f"--chart {plain(args.chart)}: a chart is written as "
                                 f"{formats}; give for example chart.png"))
        import importlib.util
        if importlib.util.find_spec("matplotlib") is None:
            raise MacaError(Text("--chart için matplotlib gerekli: 'pip install matplotlib' "
                                       "ile kurun ya da --chart olmadan çalıştırın",
                                 "--chart needs matplotlib: install it with 'pip install "
                                 "matplotlib', or run without --chart"))


def grade(args: argparse.Namespace) -> int:
    """``grade``: grade every answers file of a folder into a gradebook (``--format``), a
    report of the files read (and a chart)."""
    from collections import Counter

    from .exercises.files import check_work, plain, text_writer, write_all
    from .exercises.gradebook import (class_entries, files_report_text, gradebook_text,
                                      summary_lines)
    from .exercises.grading import chart_writer, grade_files
    from .exercises.roster import read_class
    from .exercises.sets import load_set

    lang = args.lang
    if args.report is None:
        args.report = args.out.with_name(f"{args.out.stem}-files.csv")
    if not args.answers.is_dir():
        raise MacaError(Text(f"--answers {plain(args.answers)}: böyle bir klasör yok; "
                                   "öğrencilerin cevap dosyalarını (.json) koyduğunuz klasörü verin",
                             f"--answers {plain(args.answers)}: no such folder; give the folder "
                             "where you put the students' answers files (.json)"))
    _check_grade_paths(args)
    base = load_set(args.set)
    students = read_class(args.class_list) if args.class_list else None
    for note in (students.note, students.columns) if students is not None else ():
        if note:
            print(note[lang])
    entries = sorted(args.answers.iterdir())
    files = [p for p in entries if p.suffix.lower() == ".json" and p.stem]
    skipped = [p for p in entries if p not in files]
    check_work(len(files), len(base), MacaError, Text("cevap dosyası", "answers files"))
    rows = grade_files(base, files, args.course, args.assignment, students, args.hints, lang)
    outputs = [(args.out, text_writer(gradebook_text(rows, students, base, args.course,
                                                     args.assignment, args.format,
                                                     args.csv_separator, lang))),
               (args.report, text_writer(files_report_text(rows, students, args.csv_separator,
                                                           lang)))]
    if args.chart:
        outputs.append((args.chart, chart_writer(rows, base)))
    write_all(outputs)     # all of them, or none if one cannot be written
    book, _ = class_entries(rows, students, base.id, lang)
    missing = sum(1 for e in book if e.graded is None) if students is not None else 0
    if skipped:
        print(Text(f"{_files(lang, len(skipped))} .json ile bitmediği için okunmadı: ",
                   f"{_files(lang, len(skipped))} not read, as the name does not end in .json: ")[lang]
              + ", ".join(plain(p.name) for p in skipped))
    read = [r for r in rows if r.file]
    graded = [r for r in read if not r.error]
    print(Text(f"{len(graded)}/{_files(lang, len(read))} notlandırıldı → {plain(args.out)} "
               f"(dosyalar: {plain(args.report)})",
               f"graded {len(graded)}/{_files(lang, len(read))} → {plain(args.out)} (files: "
               f"{plain(args.report)})")[lang]
          + (Text(f"; {missing} öğrencinin notlandırılan dosyası yok",
                  f"; {missing} student{'' if missing == 1 else 's'} with no file graded")[lang]
             if missing else ""))
    words = {"--course": ("dersler", "course"), "--assignment": ("ödevler", "assignment")}
    for option, given, seen in (("--course", args.course, Counter(r.course for r in read)),
                                ("--assignment", args.assignment,
                                 Counter(r.assignment for r in read))):
        seen.pop("", None)
        many, english = words[option]
        if given is None and len(seen) > 1:
            names = ", ".join(f"{plain(name)} ({count})" for name, count in seen.most_common())
            print(Text(f"⚠ dosyalar farklı {many} için: {names}; yalnızca birini "
                             f"notlandırmak için {option} verin",
                       f"⚠ the files are for different {english}s: {names}; give {option} to "
                       "grade only one")[lang])
    for line in summary_lines(rows, students, base, args.hints, lang):
        print(line[:600])
    if args.chart:
        print(Text(f"grafik → {plain(args.chart)}", f"chart → {plain(args.chart)}")[lang])
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


def help_language(argv: list[str], environ: Mapping[str, str] | None = None) -> str:
    """The language ``--help`` speaks: ``--lang`` on the command line, else ``tr`` when the
    locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set) is Turkish, else ``en``.

    >>> help_language(["grade", "--lang", "en", "-h"], {"LANG": "tr_TR.UTF-8"})
    'en'
    >>> help_language(["-h"], {"LANG": "tr_TR.UTF-8"}), help_language(["-h"], {"LANG": "C"})
    ('tr', 'en')
    >>> help_language(["--lang=tr", "-h"], {})
    'tr'
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("tr", "en"):
            return argv[i + 1]
        if arg in ("--lang=tr", "--lang=en"):
            return arg[-2:]
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "tr" if value.lower().startswith("tr") else "en"
    return "en"


class _Formatter(argparse.HelpFormatter):
    """argparse's help, with its own words ("usage:") in the teacher's language."""

    usage_word = "usage: "

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        super().add_usage(usage, actions, groups, self.usage_word if prefix is None else prefix)


def _parser(lang: str) -> argparse.ArgumentParser:
    """The command line's parser, its help in ``lang``."""
    def t(tr: str, en: str) -> str:
        return Text(tr, en)[lang]

    formatter: type[argparse.HelpFormatter] = type(
        "Formatter", (_Formatter,), {"usage_word": t("kullanım: ", "usage: ")})

    def made(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
        parser._positionals.title = t("konumsal argümanlar", "positional arguments")
        parser._optionals.title = t("seçenekler", "options")
        parser.add_argument("-h", "--help", action="help",
                            help=t("bu yardımı göster ve çık", "show this help and exit"))
        return parser

    def sub_parser(name: str, help: str) -> argparse.ArgumentParser:
        return made(sub.add_parser(name, help=help, description=help, add_help=False,
                                   formatter_class=formatter))

    parser = made(argparse.ArgumentParser(
        prog="python -m maca", add_help=False, formatter_class=formatter,
        description=t("Komut olmadan bir tur dağıtır ve ilk eli terminalde oynar; check, "
                      "sheets ve grade öğretmenin alıştırma setleri için araçlarıdır; class "
                      "serve sınıf sunucusunu başlatır.",
                      "Without a command, deals a hand and plays out its first trick in the "
                      "terminal; check, sheets and grade are the teacher's tools for exercise "
                      "sets; class serve starts the class server.")))
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS),
                        help=t("kurallar (varsayılan: standard)", "the rules (default: standard)"))
    parser.add_argument("--seed", type=int, default=None,
                        help=t("aynı dağıtımı yeniden almak için bir sayı", "reproducible deal"))
    parser.add_argument("--lang", default="tr", choices=["tr", "en"],
                        help=t("dil: tr (varsayılan) ya da en", "language: tr (default) or en"))
    sub = parser.add_subparsers(dest="command", title=t("komutlar", "commands"),
                                description=t("komut olmadan: bir tur dağıtılır ve ilk el oynanır",
                                              "without a command: deal a hand and play a trick"))
    check = sub_parser("check", t("alıştırma seti dosyalarını (TOML) denetle",
                                  "validate exercise set files (TOML)"))
    check.add_argument("sets", nargs="+", type=Path, metavar=t("SET", "SET"),
                       help=t("alıştırma seti dosyaları", "exercise set files"))
    sheets = sub_parser("sheets", t("her öğrenciye bir alıştırma kâğıdı, bir de öğretmen dizini",
                                    "one exercise sheet per student, and an index"))
    sheets.add_argument("--set", required=True, type=Path, metavar=t("DOSYA", "FILE"),
                        help=t("alıştırma seti dosyası (TOML)", "exercise set file (TOML)"))
    sheets.add_argument("--class", dest="class_list", required=True, type=Path,
                        metavar=t("LİSTE", "LIST"),
                        help=t("sınıf listesi (CSV): Öğrenci No (ya da student_id) ve Adı "
                               "Soyadı (ya da name) sütunlarıyla",
                               "class list CSV with a student_id (or Öğrenci No) column, and "
                               "name (or Adı Soyadı)"))
    sheets.add_argument("--course", required=True, metavar=t("DERS", "COURSE"),
                        help=t("dersin adı ya da kodu (örneğin 9A)", "the course (e.g. 9A)"))
    sheets.add_argument("--assignment", required=True, metavar=t("ÖDEV", "ASSIGNMENT"),
                        help=t("ödevin adı (örneğin hafta-3)", "the assignment (e.g. week-3)"))
    sheets.add_argument("--out", required=True, type=Path, metavar=t("KLASÖR", "FOLDER"),
                        help=t("kâğıtların yazılacağı klasör", "folder for the sheets"))
    sheets.add_argument("--format", default="html", choices=["html", "ipynb"],
                        help=t("html (varsayılan) ya da ipynb (Jupyter defteri)",
                               "html (default) or ipynb (a Jupyter notebook)"))
    grading = sub_parser("grade", t("bir klasördeki cevap dosyalarını notlandırıp not "
                                    "çizelgesine yaz",
                                    "grade a folder of answers files into a gradebook CSV"))
    grading.add_argument("--set", required=True, type=Path, metavar=t("DOSYA", "FILE"),
                         help=t("alıştırma seti dosyası (TOML)", "exercise set file (TOML)"))
    grading.add_argument("--answers", required=True, type=Path, metavar=t("KLASÖR", "FOLDER"),
                         help=t("öğrencilerin cevap dosyalarının klasörü",
                                "folder of answers files"))
    grading.add_argument("--out", required=True, type=Path, metavar=t("DOSYA", "FILE"),
                         help=t("yazılacak not çizelgesi (CSV): her öğrenciye bir satır",
                                "gradebook CSV to write: one row per student"))
    grading.add_argument("--format", default="csv", choices=["csv", "moodle", "canvas"],
                         help=t("csv (varsayılan: bütün sütunlar), moodle ya da canvas (o "
                                "sistemin not içe aktarması)",
                                "csv (default: every column), moodle or canvas (that system's "
                                "grade import)"))
    grading.add_argument("--report", type=Path, metavar=t("DOSYA", "FILE"),
                         help=t("okunan her dosyanın raporu, notlandırıldı mı, notlandırılmadıysa neden "
                                "(varsayılan: --out'un yanında <out>-files.csv)",
                                "report of every file read, graded or not, and why (default: "
                                "<out>-files.csv beside --out)"))
    grading.add_argument("--chart", type=Path, metavar=t("DOSYA", "FILE"),
                         help=t("sınıfın sonuçlarının grafiği (PNG, SVG ya da PDF)",
                                "PNG chart of the class's results"))
    grading.add_argument("--course", metavar=t("DERS", "COURSE"),
                         help=t("yalnızca bu dersin cevaplarını kabul et",
                                "accept only answers for this course"))
    grading.add_argument("--assignment", metavar=t("ÖDEV", "ASSIGNMENT"),
                         help=t("yalnızca bu ödevin cevaplarını kabul et",
                                "accept only answers for this assignment"))
    grading.add_argument("--class", dest="class_list", type=Path, metavar=t("LİSTE", "LIST"),
                         help=t("sınıf listesi: not çizelgesinin öğrencileri, listedeki "
                                "sırayla (Moodle ya da Canvas kimlikleriyle); başkalarının "
                                "dosyaları kabul edilmez",
                                "class list: the gradebook's students, in its order (and "
                                "their Moodle or Canvas ids); files of others are refused"))
    for command in (sheets, grading):
        command.add_argument("--csv-separator", choices=[",", ";", "tab"], default=",",
                             metavar=t("AYIRICI", "SEPARATOR"),
                             help=t("CSV sütunlarının arasına: , (varsayılan), ; (Türkçe "
                                    "Excel'in beklediği) ya da tab",
                                    "between the CSV's columns: , (default) or ; (what a "
                                    "Turkish Excel expects) or tab"))
    grading.add_argument("--hints", choices=["counted", "ignored"], default="counted",
                         help=t("counted (varsayılan): ipuçları puan götürür, çözümü görülen "
                                "soru 0 alır, öğrencinin tarayıcısının kaydettiği gibi (öğrenci "
                                "bu kaydı değiştirebilir); ignored: her cevap kendi başına "
                                "notlandırılır",
                                "counted (default): hints cost points and a seen solution "
                                "scores 0, as the learner's browser recorded them (learners "
                                "can edit that record); ignored: every answer is graded on its "
                                "own"))
    puzzles = sub_parser("puzzles", t("alıştırma bulmacaları, her biri çözücünün kabul ettiği "
                                      "kartlarla",
                                      "the practice puzzles, each with the solver's accepted "
                                      "cards"))
    puzzles.add_argument("--json", action="store_true",
                         help=t("bir JSON listesi yaz (denetim için)",
                                "print a JSON list (for checking)"))
    site = sub_parser("site", t("kitabı ve canlı dersleri kur, sonra 127.0.0.1'de sun "
                                "(lite/TEACHERS.md'ye bakın)",
                                "build the book and the live lessons, then serve them on "
                                "127.0.0.1 (see lite/TEACHERS.md)"))
    site.add_argument("--no-serve", dest="serve", action="store_const", const="no",
                      default="after", help=t("yalnızca kur", "build only"))
    site.add_argument("--serve", dest="serve", action="store_const", const="only",
                      help=t("kurmadan son kurulanı sun", "serve the last build, without building"))
    site.add_argument("--port", type=int, default=8000,
                      help=t("127.0.0.1'deki kapı (varsayılan 8000)",
                             "port on 127.0.0.1 (default 8000)"))
    from .terminal import add_arguments as play_arguments
    play_arguments(sub.add_parser("play", help=t("bilgisayara karşı bütün bir oyun oyna "
                                                 "(--timer S: süreli, puanlı bir oyun)",
                                                 "play a whole game against the computer "
                                                 "(--timer S: a rated game)")))
    from .server.cli import add_arguments as class_arguments
    class_arguments(sub.add_parser("class", help=t("sınıf sunucusu: okulun ağında site ve "
                                                   "sınıfın API'si",
                                                   "the class server: the site and the class "
                                                   "API on the school's network")))
    for command in (check, sheets, grading):
        command.add_argument("--lang", dest="sub_lang", default=None, choices=["tr", "en"],
                             help=t("iletilerin dili: tr ya da en",
                                    "the language of the messages: tr or en"))
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(help_language(argv))
    args = parser.parse_args(argv)
    if getattr(args, "sub_lang", None):      # after the command, it wins over the global one
        args.lang = args.sub_lang
    if args.command is None:
        print(show_deal(args.rules, args.seed, args.lang))
        return 0
    if args.command == "site":
        return build_site(args.serve, args.port)
    if args.command == "play":
        from .terminal import run
        return run(args)
    if args.command == "class":
        from .server.cli import run as run_class
        return run_class(args)
    _safe_streams()
    try:
        if args.command == "puzzles":
            return list_puzzles(args.json)
        if args.command == "check":
            return validate_sets(args.sets, args.lang)
        return make_sheets(args) if args.command == "sheets" else grade(args)
    except BrokenPipeError:   # the reader stopped early (``| head``): nothing went wrong
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (MacaError, OSError) as exc:
        from .exercises.files import plain
        why = (_os_message(exc, args.lang) if isinstance(exc, OSError)
               else plain(exc.message(args.lang)))
        print(f"maca {args.command}: " + Text("işlem yapılamadı", "could not finish")[args.lang]
              + f": {why}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug in maca: said plainly, never a traceback
        print(f"maca {args.command}: " + Text("maca'da bir hata (lütfen bildirin)",
                                              "a bug in maca (please report it)")[args.lang]
              + f": {type(exc).__name__}: {exc}"[:400], file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
