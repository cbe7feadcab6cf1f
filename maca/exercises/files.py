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
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..errors import MacaError
from .text import AnswersFileError, Text

__all__ = ["read_capped", "cell", "write_csv", "write_new", "MAX_CELL"]

#: the longest text written into one CSV cell (longer ones are cut with "…")
MAX_CELL = 1000
_FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n")


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
        text = Text(f"{name}: {tr}", f"{name}: {en}")
        if issubclass(error, AnswersFileError):
            return error(text)
        return error(f"{text.tr} / {text.en}")

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
        raise fail(f"{limit:,} bayttan büyük; hiçbir {what.tr} bu kadar büyük olmaz: okunmadı",
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


def write_csv(path: str | os.PathLike[str], header: Sequence[str],
              rows: Iterable[Sequence[Any]], fresh: bool = False) -> None:
    """A CSV file for spreadsheets: UTF-8 with a BOM, commas, every cell through `cell`.
    ``fresh``: the file is inside a folder the tools made (see `write_new`)."""
    import io
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([cell(h) for h in header])
    for row in rows:
        writer.writerow([cell(v) for v in row])
    text = "\ufeff" + buffer.getvalue()
    if fresh:
        write_new(path, text)
    else:
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.write(text)
