"""Class lists (CSV): one student a row, with a ``student_id`` column and an optional ``name``.

A Turkish school register's headers are read too (`ID_HEADERS`, `NAME_HEADERS`: ``Öğrenci No``,
``Okul No``, ``Numara``…; ``Adı Soyadı``, ``Ad Soyad``…, or ``Adı`` and ``Soyadı`` apart; any
case, spaces and dots ignored; ``S.No``, the row number, never), and `ClassList.columns` says
which were taken. Optional columns carry what a course system matches grades on (`LMS_HEADERS`):
Moodle's ``idnumber`` (``ID number``) and ``email`` (``Email address``, ``E-posta``), Canvas's
``SIS User ID`` and ``SIS Login ID``, and a ``section`` (``Şube``, ``Sınıfı``); the gradebook
export writes them (`maca.exercises.gradebook`).

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
from ..words import Text, catalogue, say
from .files import plain, read_capped, unsafe_chars

__all__ = ["Student", "ClassList", "ClassListError", "read_class", "decode_class", "parse_class", "file_stem",
           "name_clashes", "header_key", "MAX_STUDENTS", "MAX_ID", "ID_HEADERS", "NAME_HEADERS",
           "LMS_HEADERS"]

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
    """One student of a class list, with the course systems' identifiers the list carries."""

    id: str
    name: str = ""
    idnumber: str = ""       # Moodle's "ID number"
    email: str = ""          # Moodle's "Email address"
    sis_user_id: str = ""    # Canvas's "SIS User ID"
    sis_login_id: str = ""   # Canvas's "SIS Login ID"
    section: str = ""        # Canvas's "Section" (a register's "Şube")


class ClassList(list[Student]):
    """The students of a class list, with the encoding the file was read in and a note about
    it for the teacher (empty when it was plain UTF-8), the note saying which columns were
    taken for ids and names when they were not ``student_id`` and ``name``, and the optional
    identifier columns the list has (`LMS_HEADERS` fields)."""

    encoding: str = "utf-8"
    note: Text | None = None
    columns: Text | None = None
    carries: frozenset[str] = frozenset()


def header_key(header: str) -> str:
    """A header as compared: Turkish letters without marks, lower case, letters and digits only.

    >>> header_key("ÖĞRENCİ NO"), header_key("Adı Soyadı"), header_key("S.No"), header_key("E-posta")
    ('ogrencino', 'adisoyadi', 'sno', 'eposta')
    """
    plain = unicodedata.normalize("NFKD", header.strip().lstrip("\ufeff").translate(_PLAIN))
    return "".join(c for c in plain.lower() if c.isascii() and c.isalnum())


#: headers read as the student id, the first found wins (compared by `header_key`)
ID_HEADERS = ("student_id", "Öğrenci No", "Öğrenci Numarası", "Öğr. No", "Okul No",
              "Okul Numarası", "Numara", "Numarası")
#: headers read as the student's name, the first found wins
NAME_HEADERS = ("name", "Adı Soyadı", "Ad Soyad", "Ad Soyadı", "Adı ve Soyadı", "Ad ve Soyad",
                "Öğrenci Adı Soyadı", "İsim Soyisim", "İsim", "Full name")
#: a given name and a surname in two columns, joined as the name
_SPLIT_NAME = (("Adı", "Ad", "First name"), ("Soyadı", "Soyad", "Last name", "Surname"))
#: the optional identifier columns: each `Student` field with the headers read as it
LMS_HEADERS = (("idnumber", ("idnumber", "ID number")),
               ("email", ("email", "Email address", "E-posta", "E-posta adresi", "E-mail")),
               ("sis_user_id", ("SIS User ID",)), ("sis_login_id", ("SIS Login ID",)),
               ("section", ("section", "Section", "Şube", "Sınıfı", "Sınıf")))


def _find(keys: Sequence[str], headers: Sequence[str]) -> int | None:
    """The index of the first of ``headers`` among the columns' ``keys``."""
    for header in headers:
        if header_key(header) in keys:
            return keys.index(header_key(header))
    return None


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
    raise ClassListError(say("roster.not_text"), source=source)


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
    raise ClassListError(say("roster.at_line"), source=source, line=line,
                         what=say("roster.stray_byte", byte=shown_byte))


def read_class(path: str | Path) -> ClassList:
    """Read a class list file (see the module's notes on encodings and separators)."""
    if not isinstance(path, (str, os.PathLike)):
        raise ClassListError(say("roster.path"), value=shown(path))
    data = read_capped(path, _MAX_BYTES, ClassListError, Text("sınıf listesi", "class list"),
                       links=True)
    return decode_class(data, str(path))


def decode_class(data: bytes, source: str = "<class list>") -> ClassList:
    """Read a class list from the bytes of its file (an upload, say), as `read_class` does.

    >>> decode_class("student_id;name\\n7;Gül\\n".encode("cp1254"), "c.csv").note.en
    'c.csv: read as Windows Turkish (cp1254); check the Turkish letters'
    """
    if not isinstance(data, bytes):
        raise ClassListError(say("roster.bytes"), source=source, value=shown(data))
    if len(data) > _MAX_BYTES:
        raise ClassListError(say("roster.too_large"), source=source, mb=_MAX_BYTES // 1_000_000)
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
        raise ClassListError(say("within"), where=source, exc=say("roster.text", value=shown(text)))
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    header = text.partition("\n")[0]
    delimiter = max((";", ",", "\t"), key=header.count)
    lines = text.split("\n")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    try:
        return _students(reader, lines, header, source, delimiter)
    except csv.Error as exc:  # a field beyond the csv module's size limit; a stray quote
        line = reader.line_num or 1
        raise ClassListError(say("roster.at_line"), source=source, line=line,
                             what=say("roster.not_csv", why=str(exc))) from None


@dataclass(frozen=True)
class _Layout:
    """Where a class list's columns are, and the note saying which were taken."""

    id: int
    name: tuple[int, ...]     # the name's column, or given name and surname apart, or none
    lms: dict[str, int]       # `LMS_HEADERS` field -> its column
    note: Text | None


def _layout(first: Sequence[str], header: str, source: str) -> _Layout:
    """The columns a header names (see the module's notes), refused without an id column."""
    keys = [header_key(c) for c in first]
    at_id = _find(keys, ID_HEADERS)
    if at_id is None:
        accepted = ", ".join(ID_HEADERS)
        raise ClassListError(say("roster.header"), source=source, accepted=accepted,
                             found=shown(header.strip()))
    at_name = _find(keys, NAME_HEADERS)
    name = (at_name,) if at_name is not None else tuple(
        at for at in (_find(keys, headers) for headers in _SPLIT_NAME) if at is not None)
    lms = {field: at for field, headers in LMS_HEADERS
           if (at := _find(keys, headers)) is not None}
    note = None
    if keys[at_id] != "studentid" or [keys[at] for at in name] not in ([], ["name"]):
        taken = [shown(first[at].strip()) for at in name]
        id_of = shown(first[at_id].strip())
        names = Text(f", adlar {' ve '.join(taken)} "
                     f"{'sütunundan' if len(taken) == 1 else 'sütunlarından'} alındı",
                     f", names from {' and '.join(taken)}") if taken else \
            Text(" alındı; ad sütunu yok", "; no name column")
        note = Text(f"{source}: öğrenci numarası {id_of} sütunundan{names.tr}",
                    f"{source}: student ids from the column {id_of}{names.en}")
    return _Layout(at_id, name, lms, note)


def _value(row: Sequence[str], at: int) -> str:
    """The row's value in column ``at`` ('' past its end)."""
    return row[at].strip() if at < len(row) else ""


def _students(reader: Iterable[list[str]], lines: Sequence[str], header: str,
              source: str, delimiter: str = ",") -> ClassList:
    def fail(line: int, what: Text) -> ClassListError:
        return ClassListError(say("roster.at_line"), source=source, line=line, what=what)

    rows = iter(reader)
    first = next(rows, [])
    layout = _layout(first, header, source)
    students = ClassList()
    students.carries, students.columns = frozenset(layout.lms), layout.note
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
                raise fail(start, say("roster.too_long")) from None
            else:
                raise fail(start, say("roster.not_csv", why=str(exc))) from None
        if row is None:
            break
        line = getattr(reader, "line_num", start)
        if line > start or any("\n" in value for value in row):
            raise fail(start, say("roster.open_quote"))
        if not any(value.strip() for value in row):
            continue  # a blank line
        if len(row) > len(first):
            raise fail(start, say("roster.values", values=len(row), columns=len(first)))
        sid = _value(row, layout.id)
        name = " ".join(filter(None, (_value(row, at) for at in layout.name)))
        if not sid:
            raise fail(start, say("roster.no_id"))
        if len(sid) > MAX_ID or len(name) > MAX_ID:
            raise fail(start, say("roster.id_long", most=MAX_ID))
        if unsafe_chars(sid + name):
            signs = ", ".join(dict.fromkeys(plain(c) for c in unsafe_chars(sid + name)))
            raise fail(start, say("roster.marks", signs=signs))
        other = next((c for c in (";", ",", "\t") if c != delimiter and c in sid), None)
        if other is not None:
            mark, separator = _separator(other), _separator(delimiter)
            if len(first) == 1:
                raise fail(start, say("roster.one_column", id=shown(sid), mark=mark,
                                      header=f"student_id{other}name"))
            raise fail(start, say("roster.separators", id=shown(sid), mark=mark,
                                  separator=separator))
        if sid in lines_of:
            raise fail(start, say("roster.twice", id=shown(sid), line=lines_of[sid]))
        key = file_stem(sid).casefold()
        if key in stems:
            other = stems[key]
            raise fail(start, say("roster.clash_lines", clash=clash_message(other, sid),
                                  first=lines_of[other], second=start))
        if len(students) >= MAX_STUDENTS:
            raise fail(start, say("roster.too_many", most=MAX_STUDENTS))
        stems[key], lines_of[sid] = sid, start
        extra = {field: _value(row, at) for field, at in layout.lms.items()}
        if any(len(v) > MAX_ID for v in extra.values()) or unsafe_chars("".join(extra.values())):
            raise fail(start, say("roster.extra", most=MAX_ID))
        students.append(Student(sid, name, **extra))
    if not students:
        raise ClassListError(say("roster.empty"), source=source)
    return students


def _separator(mark: str) -> Text:
    """A separator quoted as a message names it (a tab by its name).

    >>> _separator("\\t").tr, _separator(";").en
    ("'sekme'", "';'")
    """
    return say("roster.tab") if mark == "\t" else Text(repr(mark), repr(mark))


# The errors of a class list, for the teacher who wrote it (or the developer who reads it).
catalogue("roster", {
    "bytes": ("{source}: bir sınıf listesi dosyası bayt olarak verilir, {value} değil",
              "{source}: a class list file is bytes, not {value}"),
    "too_large": ("{source}: bir sınıf listesi için fazla büyük (en çok {mb} MB)",
                  "{source}: too large for a class list (at most {mb} MB)"),
    "path": ("sınıf listesi bir dosya yolundan okunur, {value} değil",
             "a class list is read from a file path, not {value}"),
    "text": ("sınıf listesi bir CSV metni olmalı, {value} değil", "a class list is CSV text, not {value}"),
    "not_text": ("{source}: metin olarak okunamadı (UTF-8, UTF-16 ya da Windows Türkçe değil): "
                 "elektronik tablonuzda 'CSV UTF-8' olarak kaydedin",
                 "{source}: cannot be read as text (not UTF-8, UTF-16 nor Windows Turkish): "
                 "save it from your spreadsheet as 'CSV UTF-8'"),
    "at_line": ("{source}: satır {line}: {what}", "{source}: line {line}: {what}"),
    "stray_byte": ("dosya UTF-8 ama bu satırda UTF-8 olmayan bir bayt var ({byte}; başka bir "
                   "dosyadan yapıştırılmış bir harf olabilir): satırdaki adı yeniden yazıp "
                   "'CSV UTF-8' olarak kaydedin",
                   "the file is UTF-8 but this line holds a byte that is not UTF-8 ({byte}; "
                   "perhaps a letter pasted from another file): type the name on that line "
                   "again and save as 'CSV UTF-8'"),
    "not_csv": ("CSV olarak okunamadı ({why}); satırı düzeltin",
                "not readable as CSV ({why}); correct that line"),
    "header": ("{source}: 1. satır öğrenci numarası sütunu ({accepted}) ve isterseniz ad sütunu "
               "(name, Adı Soyadı…) olan bir başlık olmalı; bulunan: {found}",
               "{source}: line 1 must be a header with a student id column ({accepted}) and "
               "optionally a name column (name, Adı Soyadı…); found {found}"),
    "too_long": ("bir değer çok uzun (130 000 karakterden fazla)",
                 "a value is too long (over 130,000 characters)"),
    "open_quote": ('bir tırnak (") bu satırda açılıp kapanmıyor; tırnağı silin ya da kapatın '
                   "(bir ad birden çok satıra yayılamaz)",
                   'a quote (") opens and is not closed on this line; remove it or close it '
                   "(a name cannot run over several lines)"),
    "values": ("{values} değer var ama başlıkta {columns} sütun var; bir ad virgül ya da "
               "noktalı virgül içeriyorsa tırnak içine alın",
               "{values} values but the header has {columns} columns; put a name that holds a "
               "comma or semicolon in quotes"),
    "no_id": ("student_id boş", "student_id is empty"),
    "id_long": ("student_id ve name en çok {most} karakter olabilir",
                "student_id and name may have at most {most} characters"),
    "marks": ("student_id ya da name bir denetim, yön ya da görünmez işaret içeriyor ({signs}); "
              "silin", "student_id or name holds a control, direction or invisible mark "
              "({signs}); remove it"),
    "one_column": ("student_id {id} içinde {mark} var ama başlıkta tek sütun var: başlığa name "
                   "sütununu ekleyin ({header}) ya da numaradan {mark} işaretini silin",
                   "student_id {id} holds {mark} but the header has one column: add the name "
                   "column to the header ({header}) or remove the {mark} from the id"),
    "separators": ("student_id {id} içinde {mark} var ama başlık sütunları {separator} ile "
                   "ayırıyor: ayırıcılar satırdan satıra farklı ya da başlıkta name sütunu "
                   "eksik; bütün listeyi tek bir ayırıcıyla kaydedin (başlık: student_id,name)",
                   "student_id {id} holds {mark} but the header separates columns with "
                   "{separator}: the separators differ between lines, or the header lacks its "
                   "name column; save the whole list with one separator (header: "
                   "student_id,name)"),
    "tab": ("'sekme'", "'tab'"),
    "twice": ("student_id {id} ikinci kez yazılmış ({line}. satırda da var)",
              "student_id {id} appears twice (also on line {line})"),
    "clash_lines": ("{clash} ({first}, {second})", "{clash} ({first}, {second})"),
    "too_many": ("bir sınıf listesinde en çok {most} öğrenci olabilir; listeyi bölün",
                 "a class list holds at most {most} students; split the list"),
    "extra": ("bir kimlik ya da şube sütunu çok uzun (en çok {most} karakter) ya da görünmez bir "
              "işaret içeriyor; düzeltin", "an identifier or section column is too long (at most "
              "{most} characters) or holds an invisible mark; correct it"),
    "empty": ("{source}: listede hiç öğrenci yok", "{source}: the class list has no students"),
}, scoped=True)
