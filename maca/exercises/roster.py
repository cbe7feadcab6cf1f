"""Class lists (CSV): one student a row, with a ``student_id`` column and an optional ``name``.

Lists come from real schools' spreadsheets, so the reader takes what they write: UTF-8 (with
or without a BOM), UTF-16 (Excel's "Unicode text") and Windows Turkish (cp1254, Excel's
default "CSV" on a Turkish Windows), with a `ClassList.note` saying which was used; commas,
semicolons or tabs between the columns; Windows, Unix or old Mac (bare CR) line ends. A row
it cannot read for sure (a quote left open, more values than columns) is an error naming its
line, never a student silently lost.

Every student's files are named from their id (`file_stem`): Turkish letters are written
without their marks (``ş`` → ``s``), anything else unsafe becomes ``_``, Windows' reserved
names get a ``_`` in front; two ids that would give the same name, also when only the case
differs, are refused with both named.

>>> [s.id for s in parse_class("student_id;name\\n2024001;Ayşe Yılmaz\\n2024002;Can Öz\\n", "c.csv")]
['2024001', '2024002']
>>> file_stem("ayşe.yılmaz@okul.edu.tr"), file_stem("Çağrı"), file_stem("con"), file_stem("../x")
('ayse.yilmaz_okul.edu.tr', 'Cagri', '_con', '_x')
"""
from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import MacaError, shown
from ..words import Text
from .files import plain, read_capped, unsafe_chars

__all__ = ["Student", "ClassList", "ClassListError", "read_class", "decode_class", "parse_class", "file_stem",
           "name_clashes", "MAX_STUDENTS", "MAX_ID"]

#: the most students a class list may hold
MAX_STUDENTS = 1000
#: the longest student id (and name)
MAX_ID = 200
_MAX_BYTES = 2_000_000
_WINDOWS = {"con", "prn", "aux", "nul", "clock$", *(f"com{i}" for i in range(10)),
            *(f"lpt{i}" for i in range(10))}
_PLAIN = str.maketrans({"ı": "i", "İ": "I", "ş": "s", "Ş": "S", "ğ": "g", "Ğ": "G", "ç": "c",
                        "Ç": "C", "ö": "o", "Ö": "O", "ü": "u", "Ü": "U", "ß": "ss",
                        "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
                        "ł": "l", "Ł": "L"})


class ClassListError(MacaError):
    """A class list is malformed: the message names the file, the line and the problem."""


@dataclass(frozen=True)
class Student:
    """One student of a class list."""

    id: str
    name: str = ""


class ClassList(list[Student]):
    """The students of a class list, with the encoding the file was read in and a note about
    it for the teacher (empty when it was plain UTF-8)."""

    encoding: str = "utf-8"
    note: Text | None = None


def file_stem(student_id: str) -> str:
    """A file-name-safe form of a student id (ASCII letters, digits, ``. _ -``), the same on
    every system: Turkish letters lose their marks, Windows' reserved names (``con``, ``nul``,
    ``com1``…) get a ``_`` in front, long ids are cut and end with a short hash.

    >>> file_stem("2024/007"), file_stem("NUL.txt"), len(file_stem("x" * 200))
    ('2024_007', '_NUL.txt', 80)
    """
    plain = unicodedata.normalize("NFKD", str(student_id).translate(_PLAIN))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    stem = re.sub(r"[^A-Za-z0-9._-]", "_", plain).strip(".") or "_"
    if stem.split(".")[0].lower() in _WINDOWS:
        stem = "_" + stem
    if len(stem) > 80:
        stem = stem[:71] + "-" + hashlib.sha256(str(student_id).encode()).hexdigest()[:8]
    return stem


def name_clashes(ids: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of different ids whose files would have the same name (on a system that ignores
    case, too): each pair is (the first id, the id that clashes with it).

    >>> name_clashes(["AB", "ab", "ayşe", "ayse", "ayçe"])
    [('AB', 'ab'), ('ayşe', 'ayse')]
    """
    first: dict[str, str] = {}
    clashes = []
    for sid in ids:
        key = file_stem(sid).casefold()
        if key in first and first[key] != sid:
            clashes.append((first[key], sid))
        first.setdefault(key, sid)
    return clashes


def clash_message(one: str, other: str) -> Text:
    """What to tell the teacher when two ids give one file name (both languages)."""
    stem = file_stem(other)
    return Text(f"öğrenci numaraları {shown(one)} ve {shown(other)} aynı dosya adını veriyor "
                f"({stem!r}; büyük/küçük harf ve Türkçe harfler dosya adlarında ayırt "
                "edilmez): birini değiştirin",
                f"student ids {shown(one)} and {shown(other)} give the same file name "
                f"({stem!r}; file names do not tell case or Turkish letters apart): change one "
                "of them")


def _decode(data: bytes, source: str) -> tuple[str, str, Text | None]:
    """The text of a class list, the encoding used and a note for the teacher."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates = ["utf-16"]
    elif data.startswith(b"\xef\xbb\xbf"):
        candidates = ["utf-8-sig"]
    elif len(data) >= 4 and data[1:4:2] == b"\0\0" and b"\0" not in data[0:4:2]:
        candidates = ["utf-16-le"]
    elif len(data) >= 4 and data[0:4:2] == b"\0\0" and b"\0" not in data[1:4:2]:
        candidates = ["utf-16-be"]
    else:
        candidates = ["utf-8", "cp1254"]
        _stray_byte(data, source)
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\0" in text:
            break
        note = None
        if encoding.startswith("utf-16"):
            note = Text(f"{source}: UTF-16 olarak okundu", f"{source}: read as UTF-16")
        elif encoding == "cp1254":
            note = Text(f"{source}: Windows Türkçe (cp1254) olarak okundu; Türkçe harfleri "
                        "denetleyin", f"{source}: read as Windows Turkish (cp1254); check the "
                        "Turkish letters")
        return text.lstrip("\ufeff"), encoding, note
    raise ClassListError(Text(f"{source}: metin olarak okunamadı (UTF-8, UTF-16 ya da Windows "
                              "Türkçe değil): elektronik tablonuzda 'CSV UTF-8' olarak kaydedin",
                              f"{source}: cannot be read as text (not UTF-8, UTF-16 nor Windows "
                              "Turkish): save it from your spreadsheet as 'CSV UTF-8'"))


_UTF8_LETTER = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}"
                          rb"|[\xf0-\xf4][\x80-\xbf]{3}")


def _stray_byte(data: bytes, source: str) -> None:
    """Refuse a UTF-8 file with a few bytes that are not UTF-8 (a name pasted from another
    file), naming the line: read as Windows Turkish, its other letters would all be wrong."""
    try:
        data.decode("utf-8")
        return
    except UnicodeDecodeError as exc:
        if not _UTF8_LETTER.search(data):
            return          # no UTF-8 letter at all: a Windows Turkish file
        before = data[:exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        line = before.count(b"\n") + 1
        shown_byte = f"0x{data[exc.start]:02X}"
    raise ClassListError(Text(
        f"{source}: satır {line}: dosya UTF-8 ama bu satırda UTF-8 olmayan bir bayt var "
        f"({shown_byte}; başka bir dosyadan yapıştırılmış bir harf olabilir): satırdaki adı "
        "yeniden yazıp 'CSV UTF-8' olarak kaydedin",
        f"{source}: line {line}: the file is UTF-8 but this line holds a byte that is not UTF-8 "
        f"({shown_byte}; perhaps a letter pasted from another file): type the name on that "
        "line again and save as 'CSV UTF-8'"))


def read_class(path: str | Path) -> ClassList:
    """Read a class list file (see the module's notes on encodings and separators)."""
    if not isinstance(path, (str, os.PathLike)):
        raise ClassListError(f"a class list is read from a file path, not {shown(path)}")
    data = read_capped(path, _MAX_BYTES, ClassListError, Text("sınıf listesi", "class list"),
                       links=True)
    return decode_class(data, str(path))


def decode_class(data: bytes, source: str = "<class list>") -> ClassList:
    """Read a class list from the bytes of its file (an upload, say), as `read_class` does.

    >>> decode_class("student_id;name\\n7;Gül\\n".encode("cp1254"), "c.csv").note.en
    'c.csv: read as Windows Turkish (cp1254); check the Turkish letters'
    """
    if not isinstance(data, bytes):
        raise ClassListError(f"{source}: a class list file is bytes, not {shown(data)}")
    if len(data) > _MAX_BYTES:
        raise ClassListError(Text(f"{source}: bir sınıf listesi için fazla büyük (en çok "
                                  f"{_MAX_BYTES // 1_000_000} MB)", f"{source}: too large for a "
                                  f"class list (at most {_MAX_BYTES // 1_000_000} MB)"))
    text, encoding, note = _decode(data, source)
    students = parse_class(text, source)
    students.encoding, students.note = encoding, note
    return students


def parse_class(text: str, source: str = "<class list>") -> ClassList:
    """Students from class-list text; ids must be unique and give distinct file names.

    >>> parse_class('student_id,name\\n1,"Ayşe\\n2,Can\\n', "c.csv")
    Traceback (most recent call last):
    ...
    maca.exercises.roster.ClassListError: c.csv: line 2: a quote (") opens and is not closed on this line...
    """
    if not isinstance(text, str):
        raise ClassListError(f"{source}: a class list is CSV text, not {shown(text)}")
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    header = text.partition("\n")[0]
    delimiter = max((";", ",", "\t"), key=header.count)
    lines = text.split("\n")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    try:
        return _students(reader, lines, header, source, delimiter)
    except csv.Error as exc:  # a field beyond the csv module's size limit; a stray quote
        line = reader.line_num or 1
        raise ClassListError(Text(f"{source}: satır {line}: CSV olarak okunamadı ({exc}); "
                                  "satırı düzeltin", f"{source}: line {line}: not readable as "
                                  f"CSV ({exc}); correct that line")) from None


def _students(reader: Iterable[list[str]], lines: Sequence[str], header: str,
              source: str, delimiter: str = ",") -> ClassList:
    def fail(line: int, tr: str, en: str) -> ClassListError:
        return ClassListError(Text(f"{source}: satır {line}: {tr}", f"{source}: line {line}: {en}"))

    rows = iter(reader)
    first = next(rows, [])
    columns = [c.strip().lstrip("\ufeff").lower() for c in first]
    if "student_id" not in columns:
        raise ClassListError(Text(
            f"{source}: 1. satır student_id sütunu (ve isterseniz name) olan bir başlık olmalı; "
            f"bulunan: {shown(header.strip())}", f"{source}: line 1 must be a header with a "
            f"student_id column (and optionally name); found {shown(header.strip())}"))
    at_id = columns.index("student_id")
    at_name = columns.index("name") if "name" in columns else None
    students = ClassList()
    lines_of: dict[str, int] = {}
    stems: dict[str, str] = {}
    line = 1
    while True:
        start = line + 1
        try:
            row = next(rows, None)
        except csv.Error as exc:
            if '"' in lines[min(start, len(lines)) - 1]:
                row = ["\n"]      # a quote left open to the end of the file
            elif "field limit" in str(exc):
                raise fail(start, "bir değer çok uzun (130 000 karakterden fazla)",
                           "a value is too long (over 130,000 characters)") from None
            else:
                raise fail(start, f"CSV olarak okunamadı ({exc}); satırı düzeltin",
                           f"not readable as CSV ({exc}); correct that line") from None
        if row is None:
            break
        line = getattr(reader, "line_num", start)
        if line > start or any("\n" in value for value in row):
            raise fail(start, 'bir tırnak (") bu satırda açılıp kapanmıyor; tırnağı silin ya '
                       "da kapatın (bir ad birden çok satıra yayılamaz)",
                       'a quote (") opens and is not closed on this line; remove it or close '
                       "it (a name cannot run over several lines)")
        if not any(value.strip() for value in row):
            continue  # a blank line
        if len(row) > len(columns):
            raise fail(start, f"{len(row)} değer var ama başlıkta {len(columns)} sütun var; "
                       "bir ad virgül ya da noktalı virgül içeriyorsa tırnak içine alın",
                       f"{len(row)} values but the header has {len(columns)} columns; put a "
                       "name that holds a comma or semicolon in quotes")
        sid = row[at_id].strip() if at_id < len(row) else ""
        name = row[at_name].strip() if at_name is not None and at_name < len(row) else ""
        if not sid:
            raise fail(start, "student_id boş", "student_id is empty")
        if len(sid) > MAX_ID or len(name) > MAX_ID:
            raise fail(start, f"student_id ve name en çok {MAX_ID} karakter olabilir",
                       f"student_id and name may have at most {MAX_ID} characters")
        if unsafe_chars(sid + name):
            signs = ", ".join(dict.fromkeys(plain(c) for c in unsafe_chars(sid + name)))
            raise fail(start, f"student_id ya da name bir denetim, yön ya da görünmez işaret "
                       f"içeriyor ({signs}); silin",
                       f"student_id or name holds a control, direction or invisible mark "
                       f"({signs}); remove it")
        other = next((c for c in (";", ",", "\t") if c != delimiter and c in sid), None)
        if other is not None:
            tab = {"\t": ("sekme", "tab")}
            sep_tr, sep_en = tab.get(delimiter, (delimiter, delimiter))
            mark_tr, mark_en = tab.get(other, (other, other))
            if len(columns) == 1:
                raise fail(start, f"student_id {shown(sid)} içinde {mark_tr!r} var ama başlıkta "
                           "tek sütun var: başlığa name sütununu ekleyin (student_id"
                           f"{other}name) ya da numaradan {mark_tr!r} işaretini silin",
                           f"student_id {shown(sid)} holds {mark_en!r} but the header has one "
                           f"column: add the name column to the header (student_id{other}name) "
                           f"or remove the {mark_en!r} from the id")
            raise fail(start, f"student_id {shown(sid)} içinde {mark_tr!r} var ama başlık "
                       f"sütunları {sep_tr!r} ile ayırıyor: ayırıcılar satırdan satıra farklı "
                       "ya da başlıkta name sütunu eksik; bütün listeyi tek bir ayırıcıyla "
                       "kaydedin (başlık: student_id,name)",
                       f"student_id {shown(sid)} holds {mark_en!r} but the header separates "
                       f"columns with {sep_en!r}: the separators differ between lines, or the "
                       "header lacks its name column; save the whole list with one separator "
                       "(header: student_id,name)")
        if sid in lines_of:
            raise fail(start, f"student_id {shown(sid)} ikinci kez yazılmış "
                       f"({lines_of[sid]}. satırda da var)",
                       f"student_id {shown(sid)} appears twice (also on line {lines_of[sid]})")
        key = file_stem(sid).casefold()
        if key in stems:
            other = stems[key]
            clash = clash_message(other, sid)
            raise fail(start, f"{clash.tr} ({lines_of[other]}, {start})",
                       f"{clash.en} ({lines_of[other]}, {start})")
        if len(students) >= MAX_STUDENTS:
            raise fail(start, f"bir sınıf listesinde en çok {MAX_STUDENTS} öğrenci olabilir; "
                       "listeyi bölün", f"a class list holds at most {MAX_STUDENTS} students; "
                       "split the list")
        stems[key], lines_of[sid] = sid, start
        students.append(Student(sid, name))
    if not students:
        raise ClassListError(Text(f"{source}: listede hiç öğrenci yok",
                                  f"{source}: the class list has no students"))
    return students
