"""The teacher's files, read and written carefully: one strict reader for every file a student
or a teacher hands to the tools, spreadsheet-safe CSV, and file names that cannot clash.

* `read_capped` refuses what is not a regular file before opening it (symbolic links in a
  folder of students' files, devices, FIFOs, folders), opens without blocking, and measures the
  size by reading at most ``limit + 1`` bytes (``stat`` says 0 for devices).
* `cell` neutralises what a spreadsheet would run as a formula (OWASP's advice: a cell
  beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``)
  and cuts long texts with an ellipsis; `write_csv` writes UTF-8 with a BOM, which Excel needs
  to show Turkish letters and LibreOffice and LMS imports also read.
* `write_new` writes a file without following a symbolic link someone left in its place.

>>> cell('=HYPERLINK("http://x",A1)'), cell("@SUM(1+1)"), cell("+s9"), cell(-3), cell("Ayşe")
('\\'=HYPERLINK("http://x",A1)', "'@SUM(1+1)", "'+s9", -3, 'Ayşe')
>>> cell("x" * 2000)[-3:], len(cell("x" * 2000)) == MAX_CELL
('xx…', True)
"""
from __future__ import annotations

import csv
import os
import stat
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..errors import MacaError
from ..words import Text

__all__ = ["read_capped", "check_work", "tr_number", "MAX_VARIANTS", "cell", "csv_text", "write_csv",
           "write_text", "write_new", "write_replacing", "write_all", "text_writer", "plain",
           "unsafe_chars", "MAX_CELL", "SEPARATORS"]

#: the longest text written into one CSV cell (longer ones are cut with "…")
MAX_CELL = 1000
_FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n")
#: the most student variants one command builds (students or files × exercises): about 13 ms
#: each, so at most about a minute; a class of 40 fits a set of 100 exercises
MAX_VARIANTS = 4000
#: the separators `write_csv` may use (Turkish Excel expects ``;``)
SEPARATORS = {",": ",", ";": ";", "tab": "\t"}


def check_work(files: int, exercises: int, error: type[MacaError], what: Text) -> None:
    """Refuse to build more than `MAX_VARIANTS` exercises at once (``files`` students or
    answers files, ``exercises`` in the set), saying how to split the work.

    >>> check_work(40, 100, MacaError, Text("öğrenci", "students"))
    >>> check_work(40, 200, MacaError, Text("öğrenci", "students"))
    Traceback (most recent call last):
    ...
    maca.errors.MacaError: 40 students × 200 exercises = 8,000 exercises to build, more than 4,000 (about a minute of work): split the class or the set
    """
    total = files * exercises
    if total > MAX_VARIANTS:
        raise error(Text(f"{files} {what.tr} × {exercises} alıştırma = {tr_number(total)} "
                         f"alıştırma kurulacak, {tr_number(MAX_VARIANTS)} sınırından fazla "
                         "(aşağı yukarı bir dakikalık iş): sınıfı ya da seti bölün",
                         f"{files} {what.en} × {exercises} exercises = {total:,} exercises to "
                         f"build, more than {MAX_VARIANTS:,} (about a minute of work): split the "
                         "class or the set"))


def tr_number(number: int) -> str:
    """A whole number with Turkish digit grouping: ``1.000.000``."""
    return f"{number:,}".replace(",", ".")


def unsafe_chars(text: str) -> list[str]:
    r"""The characters of ``text`` that have no place in an id or a name shown to the teacher:
    control characters (ANSI escapes start with one), format characters (bidi marks such as
    U+202E reverse the text around them, zero-width characters hide), lone surrogates (bytes
    that were not text), line and paragraph separators.

    >>> unsafe_chars("s1"), unsafe_chars("\x1b[31ms1"), unsafe_chars("\u202e1s"), unsafe_chars("s\udc80")
    ([], ['\x1b'], ['\u202e'], ['\udc80'])
    """
    return [c for c in text
            if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")]


def plain(value: Any) -> str:
    r"""Text safe to print on the teacher's terminal or to write to a file: control characters,
    bidi and other format marks, lone surrogates (a file name that was not UTF-8) are written
    as escapes (``\x1b``, ``\u202e``, ``\udcff``); everything else as it is.

    >>> print(plain("\x1b[2Js\u202e1.json"), plain("\udcff\udcfe.json"), plain("Ayşe"))
    \x1b[2Js\u202e1.json \udcff\udcfe.json Ayşe
    """
    text = str(value)
    if all(c.isprintable() or c == " " for c in text):
        return text
    out = []
    for c in text:
        if c.isprintable() or c == " ":
            out.append(c)
        else:
            code = ord(c)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
                       else f"\\U{code:08x}")
    return "".join(out)


def _kind(mode: int) -> Text:
    if stat.S_ISLNK(mode):
        return Text("sembolik bağlantı (symlink)", "a symbolic link")
    if stat.S_ISDIR(mode):
        return Text("klasör", "a folder")
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        return Text("adlandırılmış boru ya da soket", "a pipe (FIFO) or a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Text("aygıt dosyası", "a device")
    return Text("sıradan olmayan bir dosya", "not a regular file")


def read_capped(path: str | os.PathLike[str], limit: int, error: type[MacaError],
                what: Text, links: bool = False) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else raises ``error``
    (in both languages) naming the file. ``links``: follow a symbolic link
    (the teacher's own files given by path); students' files never are.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "a.json").write_text("{}")
    2
    >>> read_capped(folder / "a.json", 10, MacaError, Text("dosya", "file"))
    b'{}'
    >>> (folder / "b.json").symlink_to("/dev/zero")
    >>> read_capped(folder / "b.json", 10, MacaError, Text("dosya", "file"))
    Traceback (most recent call last):
    ...
    maca.errors.MacaError: .../b.json: ... is a symbolic link, not a file: ...
    """
    name = str(path)

    def fail(tr: str, en: str) -> MacaError:
        return error(Text(f"{name}: {tr}", f"{name}: {en}"))

    def refuse(mode: int) -> MacaError:
        kind = _kind(mode)
        return fail(f"bu bir {what.tr} değil, {kind.tr}: okunmadı; yerine dosyanın kendisini "
                    "koyun",
                    f"this {what.en} is {kind.en}, not a file: it was not read; put the file "
                    "itself there instead")
    try:
        mode = (os.stat if links else os.lstat)(path).st_mode
        if not stat.S_ISREG(mode):
            raise refuse(mode)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        if not links:
            flags |= getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            opened = os.fstat(handle.fileno()).st_mode
            if not stat.S_ISREG(opened):      # swapped between the look and the opening
                raise refuse(opened)
            data = handle.read(limit + 1)
    except MacaError:
        raise
    except (OSError, ValueError) as exc:     # ValueError: a NUL in the path
        why = getattr(exc, "strerror", None) or exc
        raise fail(f"{what.tr} okunamadı ({why}); dosyanın orada olduğunu ve okunabildiğini "
                   "denetleyin",
                   f"cannot read the {what.en} ({why}); check that the file is there and "
                   "readable") from None
    if len(data) > limit:
        raise fail(f"{tr_number(limit)} bayttan büyük; hiçbir {what.tr} bu kadar büyük olmaz: okunmadı",
                   f"larger than {limit:,} bytes, more than any {what.en} needs: not read")
    return data


def cell(value: Any) -> Any:
    """A value made safe for a spreadsheet cell: numbers as they are; text cut to `MAX_CELL`
    characters (with "…") and, when a spreadsheet would read it as a formula, quoted with a
    leading ``'`` (OWASP CSV injection)."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    if any("\ud800" <= c <= "\udfff" for c in text):   # no UTF-8 for these: shown escaped
        text = "".join(plain(c) if "\ud800" <= c <= "\udfff" else c for c in text)
    if text.lstrip(" ").startswith(_FORMULA) or text.startswith(_FORMULA):
        text = "'" + text
    if len(text) > MAX_CELL:
        text = text[:MAX_CELL - 1] + "…"
    return text


def write_new(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``; a symbolic link in its place is replaced, never
    followed, so nothing is written outside the folder."""
    path = Path(path)
    if path.is_symlink():
        path.unlink()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0), 0o644)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def write_replacing(path: str | os.PathLike[str], write: Callable[[Path], None]) -> None:
    """Make a file by ``write(temporary)`` next to ``path``, then rename it over ``path``: an
    old file is replaced only by a complete new one, never left cut short by a failure."""
    write_all([(path, write)])


def write_all(outputs: Sequence[tuple[str | os.PathLike[str], Callable[[Path], None]]]) -> None:
    """Make every file of ``outputs`` as `write_replacing` does, and rename them over their
    paths only once all are made: a command refused half way changes none of its files.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> def fails(temporary: Path) -> None:
    ...     raise OSError("no room")
    >>> write_all([(folder / "a.csv", lambda t: t.write_text("new")), (folder / "b.png", fails)])
    Traceback (most recent call last):
    ...
    OSError: no room
    >>> sorted(p.name for p in folder.iterdir())    # nothing written, nothing left behind
    []
    """
    made: list[tuple[Path, Path]] = []
    try:
        for output, write in outputs:
            path = Path(output)
            handle, name = tempfile.mkstemp(prefix=f".{path.stem[:40]}-", suffix=path.suffix,
                                            dir=path.parent if str(path.parent) else ".")
            os.close(handle)
            made.append((Path(name), path))
            write(made[-1][0])
            os.chmod(made[-1][0], 0o644)
        for temporary, path in made:
            os.replace(temporary, path)
    finally:
        for temporary, _ in made:
            if temporary.exists():
                temporary.unlink()


def text_writer(text: str) -> Callable[[Path], None]:
    """A ``write`` for `write_all`: ``text`` as UTF-8, its line ends as they are."""
    def write(path: Path) -> None:
        path.write_text(text, encoding="utf-8", newline="")
    return write


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]], separator: str = ",") -> str:
    r"""CSV text for spreadsheets: a BOM first (Excel needs it to read UTF-8), commas (or
    ``separator``: ``;`` for a Turkish Excel, ``tab``), every cell through `cell`.

    >>> csv_text(["a", "b"], [[1, "=2+2"]], ";")
    "\ufeffa;b\r\n1;'=2+2\r\n"
    """
    import io
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=SEPARATORS.get(separator, separator))
    writer.writerow([cell(h) for h in header])
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return "\ufeff" + buffer.getvalue()


def write_text(path: str | os.PathLike[str], text: str, fresh: bool = False) -> None:
    """Write ``text`` as UTF-8. ``fresh``: the file is inside a folder the tools made (see
    `write_new`); otherwise it is written whole to a temporary file first and renamed over an
    old one (`write_replacing`)."""
    if fresh:
        write_new(path, text)
    else:
        write_replacing(path, text_writer(text))


def write_csv(path: str | os.PathLike[str], header: Sequence[str],
              rows: Iterable[Sequence[Any]], fresh: bool = False, separator: str = ",") -> None:
    """A CSV file for spreadsheets (`csv_text`), written with `write_text`."""
    write_text(path, csv_text(header, rows, separator), fresh)
