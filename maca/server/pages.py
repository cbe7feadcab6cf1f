"""The teacher's pages, as HTML strings: log in, classes, a class with its assignments, the join
cards (A4, one card per student), the live class page, one question in every student's version,
the class's tables (live), watching one with every hand shown, the class ranking, tournaments,
teachers, and the threat model. Words come from the catalogue ``server.pages`` (Turkish first);
every value shown is escaped, every form carries the session's CSRF token.

>>> print(field_error(Text("çok uzun", "too long"), "en"))
<p class="error" role="alert">too long</p>
>>> "<svg" in qr_svg("http://10.0.0.5:8000/")
True
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Sequence

from ..bots import LEVELS
from ..exercises import gradebook as _gradebook  # noqa: F401 (registers "gb_status")
from ..exercises import text as _exercise_words  # noqa: F401 (registers "sheet_student")
from ..multiplayer import TableSettings
from ..panels import exercise as _class_box  # noqa: F401 (registers "class_join")
from ..panels.table import draw_table
from ..rules import PRESET_NAMES
from ..table import SeatView
from ..words import Text, catalogue, preset_name, say, show
from . import rooms
from .rooms import local_time

WORDS = catalogue("server.pages", {
    "title": ("maca sınıfı", "maca class"),
    "login": ("Giriş yap", "Log in"),
    "logout": ("Çıkış", "Log out"),
    "name": ("Ad", "Name"),
    "password": ("Parola", "Password"),
    "classes": ("Sınıflar", "Classes"),
    "no_classes": ("Henüz sınıf yok: aşağıdan bir sınıf listesi yükle.",
                   "No class yet: upload a class list below."),
    "new_class": ("Yeni sınıf", "New class"),
    "course": ("Ders (ör. 9A)", "Course (e.g. 9A)"),
    "class_list": ("Sınıf listesi (CSV: student_id, name)", "Class list (CSV: student_id, name)"),
    "create": ("Oluştur", "Create"),
    "students": ("Öğrenciler", "Students"),
    "join_code": ("Katılma kodu", "Join code"),
    "cards": ("Katılım kartları (yazdır)", "Join cards (print)"),
    "card_steps": ("Alıştırmalar sayfasını aç, sınıf kodunu ve katılma kodunu yaz.",
                   "Open the exercises page, type the class code and the join code."),
    "print": ("Yazdır", "Print"),
    "assignments": ("Ödevler", "Assignments"),
    "no_assignments": ("Henüz ödev yok.", "No assignment yet."),
    "open_assignment": ("Ödev aç", "Open an assignment"),
    "set": ("Alıştırma seti", "Exercise set"),
    "assignment_name": ("Ödevin adı (ör. hw1)", "Assignment name (e.g. hw1)"),
    "due": ("Son gün (isteğe bağlı)", "Due (optional)"),
    "hints": ("İpuçları", "Hints"),
    "hints_counted": ("sayılır (ipucu puan götürür)", "counted (hints cost points)"),
    "hints_ignored": ("sayılmaz", "ignored"),
    "open": ("Aç", "Open"),
    "live": ("Canlı sınıf sayfası", "Live class page"),
    "online": ("çevrimiçi", "online"),
    "online_count": ("{n} öğrenci çevrimiçi", "{n} students online"),
    "score": ("Puan", "Score"),
    "unusual": ("olağandışı geçmiş", "unusual history"),
    "statistics": ("Sorulara göre (en çok kaçırılan önce)", "By question (most missed first)"),
    "missed": ("kaçıran", "missed"),
    "answered": ("cevaplayan", "answered"),
    "versions": ("herkesin kendi sorusu", "every student's own version"),
    "answer": ("Cevabı", "Answer"),
    "export": ("Dışa aktar", "Export"),
    "format": ("Biçim", "Format"),
    "format_csv": ("Not çizelgesi (CSV, Excel)", "Gradebook (CSV, Excel)"),
    "format_moodle": ("Moodle'a aktarmak için", "For a Moodle import"),
    "format_canvas": ("Canvas'a aktarmak için", "For a Canvas import"),
    "separator": ("Ayırıcı", "Separator"),
    "import": ("Cevap dosyası içe aktar", "Import an answers file"),
    "import_file": ("answers-….json dosyası", "answers-….json file"),
    "imported": ("İçe aktarıldı: {score}/{max_score}", "Imported: {score}/{max_score}"),
    "teachers": ("Öğretmenler", "Teachers"),
    "add_teacher": ("Öğretmen ekle", "Add a teacher"),
    "teacher_added": ("{name} eklendi: kendi parolasıyla giriş yapabilir.",
                      "{name} added: they can log in with their own password."),
    "address": ("Adres", "Address"),
    "back": ("← Sınıflar", "← Classes"),
    "security": ("Güvenlik: kim neyi yapabilir", "Security: who can do what"),
    "plain_http": ("Bu sunucu şifresiz HTTP ile çalışıyor: aynı kablosuz ağdaki herkes "
                   "trafiği okuyabilir. --tls SERTİFİKA ANAHTAR ile başlat.",
                   "This server speaks plain HTTP: anyone on the same Wi-Fi can read the "
                   "traffic. Start it with --tls CERT KEY."),
    "threat_intro": ("Aynı ağdaki bir öğrenci neyi yapabilir, neyi yapamaz "
                     "(her satırın bir testi var: tests/test_server_security.py):",
                     "What a student on the same network can and cannot do (each line has a "
                     "test: tests/test_server_security.py):"),
    "can": ("Yapabilir", "Can"),
    "cannot": ("Yapamaz", "Cannot"),
    # the class tables (issue 19)
    "tables": ("Masalar (canlı)", "Tables (live)"),
    "tables_title": ("Masalar", "Tables"),
    "no_tables": ("Şu an açık ya da oynanan masa yok.", "No table is open or being played now."),
    "table_col": ("Masa", "Table"),
    "players": ("Oyuncular", "Players"),
    "watch": ("İzle", "Watch"),
    "end_table": ("Masayı kapat", "Close the table"),
    "end_note": ("Masayı kapatırsan oyun burada biter; oturanlara puan yazılmaz.",
                 "If you close a table its game ends there; no result is written for those "
                 "seated."),
    "watch_note": ("Bütün oyuncuların kartları yalnızca sana görünür.",
                   "Every player's cards are shown to you only."),
    "all_tables": ("← Masalar", "← Tables"),
    "tournaments": ("Turnuvalar", "Tournaments"),
    "no_tournaments": ("Henüz turnuva yok.", "No tournament yet."),
    "new_tournament": ("Turnuva aç", "Open a tournament"),
    "tournament_name": ("Turnuvanın adı", "Tournament name"),
    "rounds": ("Turnuva bölümü sayısı", "Rounds"),
    "tournament_note": ("Turnuva oyunları puanlıdır ve bölüm bölüm oynanır (bölüm: herkesin "
                        "bir oyun oynadığı bir kura; tur ise oyunun bir dağıtımıdır). Bölüm "
                        "başlayınca şu an bağlı olan öğrenciler kurayla masalara oturur, boş "
                        "kalan yerlere bilgisayar oturur; başka masada oynayanlar o masadan "
                        "kalkmış sayılır (puanlı oyunda −1).",
                        "Tournament games are rated and played round by round (a round: one "
                        "draw in which everyone plays one game). When a round begins, the "
                        "students connected now are seated at tables by lot and computer "
                        "players take the seats left empty; anyone playing at another table "
                        "is counted as having left it (−1 in a rated game)."),
    "as_preset": ("kuralların kendi ayarı", "as the rules have it"),
    "target_blank": ("Hedef (boş: kuralların kendi hedefi)",
                     "Target (blank: the rules' own target)"),
    "round": ("{n}. bölüm", "Round {n}"),
    "rounds_played": ("bölüm {now}/{rounds}", "round {now} of {rounds}"),
    "no_rounds": ("Henüz bölüm başlamadı.", "No round has started yet."),
    "next_round": ("Sonraki bölümü başlat", "Start the next round"),
    "standings": ("Puan durumu", "Standings"),
    "no_standings": ("Henüz biten turnuva oyunu yok.", "No tournament game has finished yet."),
}, one={"online_count": ("{n} öğrenci çevrimiçi", "{n} student online")}, scoped=True)

#: the threat model: (key, can?, tr, en); tests/test_server_security.py tests each line by key
THREAT_LINES: list[tuple[str, bool, str, str]] = [
    ("read_plain_http", True,
     "Sunucu şifresiz HTTP ile çalışıyorsa ağdaki trafiği (kodları, çerezleri, cevapları) "
     "okuyabilir; --tls ile çalışınca okuyamaz (çerezler o zaman yalnızca HTTPS ile gider).",
     "read the network's traffic (codes, cookies, answers) while the server speaks plain HTTP; "
     "not under --tls (cookies then travel over HTTPS only)."),
    ("see_site", True,
     "Statik siteyi ve katılım kutusunu herkes gibi görebilir; başka hiçbir şeyi kod ya da "
     "parola olmadan göremez.",
     "see the static site and the join box, like anyone; nothing else without a code or a "
     "password."),
    ("guess_password", False,
     "Öğretmenin parolasını deneyerek bulamaz: başarısız girişler adrese ve ada göre sınırlı.",
     "find the teacher's password by trying: failed logins are limited per address and per "
     "name."),
    ("forge_cookie", False,
     "Öğretmen çerezini uyduramaz ya da değiştiremez: çerez sunucunun anahtarıyla imzalı.",
     "forge or alter a teacher's cookie: it is signed with the server's key."),
    ("csrf", False,
     "Öğretmenin tarayıcısına başka bir sayfadan form gönderttiremez: her formda oturumun "
     "CSRF belirteci ve kaynağı denetlenir.",
     "make the teacher's browser send a form from another page: every form carries the "
     "session's CSRF token and its origin is checked."),
    ("other_student", False,
     "Kendi koduyla ya da çereziyle başka bir öğrencinin verisini açamaz ya da yazamaz.",
     "open or write another student's data with their own code or cookie."),
    ("guess_join_code", False,
     "Katılım kodlarını deneyerek bulamaz: başarısız katılımlar adrese ve sınıfa göre sınırlı.",
     "find join codes by trying: failed joins are limited per address and per class."),
    ("claim_score", False,
     "Kendine puan yazamaz: sunucu her puanı motorla yeniden hesaplar.",
     "give themself a score: the server recomputes every score with the engine."),
    ("flood", False,
     "Dev ya da bozuk isteklerle, mesajlarla sunucuyu bozamaz: her biri boyutla sınırlı, "
     "açık bir hatayla geri çevrilir.",
     "break the server with huge or malformed requests or messages: each is size-limited and "
     "refused with a clear error."),
    ("teacher_socket", False,
     "Canlı sınıf sayfasının soketine başka bir siteden ya da öğretmen çerezi olmadan "
     "bağlanamaz.",
     "connect to the live class page's socket from another site or without the teacher's "
     "cookie."),
    ("other_teacher", False,
     "Bir öğretmen başka bir öğretmenin sınıflarını göremez.",
     "(nor can a teacher) see another teacher's classes."),
    # the class tables: each line's test is in tests/test_server_tables.py
    ("see_other_hand", False,
     "Masada başka bir oyuncunun kartını göremez: sunucu her yere yalnızca o yerin "
     "bilebileceğini çizip gönderir (kendi kartları, oynanan kartlar, ona geçirilenler); "
     "oyunun kaydı oyun bitince verilir.",
     "see another player's cards at a table: the server draws and sends each seat only what "
     "that seat may know (its own cards, the cards played, what was passed to it); a game's "
     "record is given once the game is over."),
    ("play_for_other", False,
     "Başkasının yerine ya da sırası gelmeden oynayamaz, elinde olmayan bir kartı oynayamaz: "
     "sunucu her hamleyi kurallarla kendisi denetler, nedenini söyler ve masa değişmez.",
     "play for another seat, out of turn or with a card they do not hold: the server checks "
     "every move against the rules, says why it refuses, and the table stays as it was."),
    ("replay_move", False,
     "Eski bir hamle mesajını yeniden göndererek bir kartı iki kez oynatamaz.",
     "make a move count twice by sending an old message again."),
    ("flood_table", False,
     "Masanın soketine mesaj yağdırarak oyunu durduramaz: fazlası geri çevrilir, soket kapanır "
     "ve masa değişmez.",
     "stop a game by flooding the table's socket: the excess is refused, the socket closed and "
     "the table left as it was."),
    ("sit_anywhere", False,
     "Dolu, başlamış, bitmiş ya da başka bir sınıfın masasına oturamaz.",
     "sit at a full, begun or finished table, or at another class's."),
    ("watch_table", False,
     "Bir masayı izleyemez, kapatamaz, başkasının oyun kaydını indiremez: izlemek ve kapatmak "
     "öğretmenin işidir.",
     "watch or close a table, or download someone else's game record: watching and closing "
     "are the teacher's."),
    ("dodge_loss", False,
     "Bağlantısını koparıp masadan kalkarak mağlubiyetten kaçamaz: sonucu sunucu yazar, "
     "kalkana kaynak 002'deki gibi.",
     "dodge a loss by dropping the connection or leaving: the server writes every result, a "
     "leaver's as source 002 says."),
    ("use_signed_out_tab", False,
     "Ortak bir bilgisayarda çıkış yapmış bir sınıf arkadaşının açık kalan sekmesinden onun "
     "yerine oynayamaz ya da cevap gönderemez: çıkış yapılınca o oturumun bütün sekmelerdeki "
     "bağlantıları kapanır.",
     "play or send answers as a classmate from a tab they left open on a shared computer after "
     "signing out: signing out closes that session's connections in every tab."),
    ("block_joins", True,
     "Yanlış kodlarla bir sınıfa katılmayı birkaç dakika yavaşlatabilir: o sırada yalnızca hiç "
     "yanlış kod denememiş cihazlar katılır.",
     "slow down joining a class for a few minutes by flooding it with wrong codes: meanwhile "
     "only devices that have not tried a wrong code join."),
    ("shared_code", True,
     "Eline geçen bir katılım koduyla o öğrenci olarak girebilir: kartları öğrencinin kendisine "
     "ver.",
     "join as a student with a join code they got hold of: hand each card to its student."),
    ("jam_network", True,
     "Kablosuz ağı meşgul edip sınıfı yavaşlatabilir: sunucu bunu engelleyemez (cevaplar "
     "tarayıcıda bekler, ağ dönünce gider).",
     "jam the Wi-Fi and slow the class down: the server cannot prevent that (answers wait in "
     "the browser and go when the network is back)."),
]

catalogue("server.threats", {key: (tr, en) for key, _, tr, en in THREAT_LINES}, scoped=True)
#: the threat model's lines by key: (the student can do it?, what), in the page's order
THREATS: dict[str, tuple[bool, Text]] = {key: (can, say(f"server.threats.{key}"))
                                         for key, can, _, _ in THREAT_LINES}

CSS = """
body{font-family:system-ui,sans-serif;margin:1.5rem auto;max-width:72rem;padding:0 1rem;
color:#1b1b1b}
header{display:flex;gap:1rem;align-items:center;justify-content:space-between;
border-bottom:1px solid #ccc;margin-bottom:1rem}
header form{display:inline}
table.grid{border-collapse:collapse;margin:.5rem 0}.grid>tbody>tr>td,.grid>tbody>tr>th{
border:1px solid #ccc;padding:.2rem .4rem;text-align:center}.grid>thead>tr>th{
border:1px solid #ccc;padding:.2rem .4rem}.grid .name{text-align:left}
.error{color:#a00;font-weight:bold}.ok{color:#060}.warn{background:#fff3cd;padding:.5rem}
.online{color:#080}.offline{color:#bbb}.miss{background:#fde2e2}.full{background:#dff5df}
.part{background:#fff3cd}.flag{color:#a60}
form.box{border:1px solid #ddd;padding:.6rem;margin:.6rem 0}label{display:block;margin:.3rem 0}
.cards{display:grid;grid-template-columns:1fr 1fr;gap:6mm}
.card{border:1px dashed #888;padding:4mm;break-inside:avoid;display:flex;gap:4mm}
.code{font:bold 1.3rem monospace;letter-spacing:.1em}
@media print{@page{size:A4;margin:10mm}header,.noprint{display:none}body{margin:0;max-width:none}
.cards{gap:4mm}.card{height:62mm;box-sizing:border-box}}
form.inline{display:inline}
""" + (Path(__file__).resolve().parent.parent / "panels" / "static" / "maca-live.css").read_text(
    encoding="utf-8")    # the table the watch page draws is the book's panel

#: the live pages' script: the socket's ``draw`` messages replace the live part of the page, the
#: ``#live`` box, whose ``data-assignment`` (the live class page), ``data-tables`` (a class's
#: tables) or ``data-table`` (watching one) says what the socket follows
LIVE_JS = """
(function () {
  var box = document.getElementById("live");
  var what = ["assignment", "tables", "table"].filter(function (k) { return box.dataset[k]; })[0];
  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
    "/ws/teacher?" + what + "=" + box.dataset[what] + "&lang=" + box.dataset.lang;
  var wait = 500;
  function connect() {
    var ws = new WebSocket(url);
    ws.onopen = function () { wait = 500; };
    ws.onmessage = function (e) {
      var m = JSON.parse(e.data);
      if (m.type === "draw") { box.innerHTML = m.html; }
    };
    ws.onclose = function () { setTimeout(connect, wait); wait = Math.min(wait * 2, 10000); };
  }
  connect();
})();
"""


def t(key: str, lang: str, **params: Any) -> str:
    """The escaped text ``server.pages.<key>`` in ``lang``.

    >>> t("online_count", "en", n=3), t("online_count", "en", n=1)
    ('3 students online', '1 student online')
    """
    return escape(say(f"server.pages.{key}").say(lang, **params))


def said(key: str, lang: str) -> str:
    """The escaped shared text ``key`` (a word another part of maca owns) in ``lang``.

    >>> said("sheet_student", "en")
    'Student'
    """
    return escape(say(key)[lang])


def field_error(error: Text | str | None, lang: str) -> str:
    """An error paragraph (nothing when there is no error)."""
    if error is None:
        return ""
    text = error if isinstance(error, str) else error[lang]
    return f'<p class="error" role="alert">{escape(text)}</p>'


def qr_svg(address: str, scale: int = 4) -> str:
    """A QR code of ``address`` as inline SVG (segno, no image file)."""
    import segno

    return str(segno.make(address, error="m").svg_inline(scale=scale, title=address))


def csrf_field(csrf: str) -> str:
    """The hidden CSRF field every form carries."""
    return f'<input type="hidden" name="csrf" value="{escape(csrf)}">'


def layout(title: str, body: str, lang: str, csrf: str | None = None,
           teacher: str | None = None, tls: bool = True, extra_head: str = "") -> str:
    """A whole teacher's page: header (language switch, log out), the plain-HTTP warning."""
    other = {"tr": "en", "en": "tr"}[lang]
    logout = (f'<form method="post" action="/teacher/logout">{csrf_field(csrf)}'
              f'<span>{escape(teacher)}</span> <button>{t("logout", lang)}</button></form>'
              if teacher and csrf else "")
    warning = "" if tls else f'<p class="warn noprint">{t("plain_http", lang)}</p>'
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)} · {t("title", lang)}</title>'
            f'<link rel="stylesheet" href="/teacher/static/teacher.css">{extra_head}</head>'
            f'<body><header><strong><a href="/teacher/">{t("title", lang)}</a></strong>'
            f'<nav><a href="?lang={other}">{other.upper()}</a> · '
            f'<a href="/teacher/security">{t("security", lang)}</a></nav>{logout}</header>'
            f'{warning}<main><h1>{escape(title)}</h1>{body}</main></body></html>')


def login_page(lang: str, csrf: str, tls: bool, error: Text | None = None) -> str:
    """The log-in form."""
    body = (f'{field_error(error, lang)}<form class="box" method="post" action="/teacher/login">'
            f'{csrf_field(csrf)}<label>{t("name", lang)} <input name="name" required '
            f'autocomplete="username"></label><label>{t("password", lang)} <input name="password" '
            f'type="password" required autocomplete="current-password"></label>'
            f'<button>{t("login", lang)}</button></form>')
    return layout(say("server.pages.login")[lang], body, lang, tls=tls)


def classes_page(lang: str, csrf: str, teacher: str, classes: Sequence[Any], tls: bool,
                 error: Text | None = None) -> str:
    """The teacher's classes and the form that creates one from a class list."""
    rows = "".join(f'<li><a href="/teacher/class/{c.id}">{escape(c.course)}</a> · '
                   f'{said("class_join.class_code", lang)}: <code>{escape(c.code)}</code></li>' for c in classes)
    listing = f"<ul>{rows}</ul>" if rows else f'<p>{t("no_classes", lang)}</p>'
    body = (f'{field_error(error, lang)}{listing}'
            f'<form class="box" method="post" action="/teacher/classes" '
            f'enctype="multipart/form-data">{csrf_field(csrf)}<h2>{t("new_class", lang)}</h2>'
            f'<label>{t("course", lang)} <input name="course" required maxlength="40"></label>'
            f'<label>{t("class_list", lang)} <input name="class_list" type="file" required '
            f'accept=".csv,.txt,text/csv"></label><button>{t("create", lang)}</button></form>'
            f'<p><a href="/teacher/teachers">{t("teachers", lang)}</a></p>')
    return layout(say("server.pages.classes")[lang], body, lang, csrf, teacher, tls)


def teachers_page(lang: str, csrf: str, teacher: str, tls: bool, error: Text | None = None,
                  added: str | None = None) -> str:
    """The form that adds a teacher (each with their own classes)."""
    done = f'<p class="ok">{t("teacher_added", lang, name=added)}</p>' if added else ""
    body = (f'{field_error(error, lang)}{done}'
            f'<form class="box" method="post" action="/teacher/teachers">{csrf_field(csrf)}'
            f'<h2>{t("add_teacher", lang)}</h2><label>{t("name", lang)} <input name="name" '
            f'required maxlength="60"></label><label>{t("password", lang)} <input name="password" '
            f'type="password" required minlength="8" autocomplete="new-password"></label>'
            f'<button>{t("add_teacher", lang)}</button></form>'
            f'<p><a href="/teacher/">{t("back", lang)}</a></p>')
    return layout(say("server.pages.teachers")[lang], body, lang, csrf, teacher, tls)


def class_page(lang: str, csrf: str, teacher: str, info: Any, students: Sequence[Any],
               assignments: Sequence[Any], set_names: Sequence[str], address: str, tls: bool,
               error: Text | None = None) -> str:
    """A class: its code, the address and QR code, its tables, ranking and tournaments, its
    assignments, the form that opens one, its students."""
    items = "".join(
        f'<li><a href="/teacher/assignment/{a.id}">{escape(a.name)}</a> · {escape(a.set_id)}'
        f'{" · " + escape(local_time(a.due, lang)) if a.due else ""}</li>' for a in assignments)
    opened = f"<ul>{items}</ul>" if items else f'<p>{t("no_assignments", lang)}</p>'
    options = "".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in set_names)
    people = "".join(f'<tr><td>{escape(s.student_id)}</td><td class="name">{escape(s.name)}</td>'
                     f'<td><code>{escape(s.join_code)}</code></td></tr>' for s in students)
    body = (f'{field_error(error, lang)}<p>{said("class_join.class_code", lang)}: <code class="code">'
            f'{escape(info.code)}</code> · {t("address", lang)}: <a href="{escape(address)}">'
            f'{escape(address)}</a></p>{qr_svg(address)}'
            f'<p><a href="/teacher/class/{info.id}/cards">{t("cards", lang)}</a></p>'
            f'{class_links(info.id, lang)}'
            f'<h2>{t("assignments", lang)}</h2>{opened}'
            f'<form class="box" method="post" action="/teacher/class/{info.id}/assignments">'
            f'{csrf_field(csrf)}<h3>{t("open_assignment", lang)}</h3>'
            f'<label>{t("set", lang)} <select name="set">{options}</select></label>'
            f'<label>{t("assignment_name", lang)} <input name="name" required maxlength="40">'
            f'</label><label>{t("due", lang)} <input name="due" type="datetime-local"></label>'
            f'<label>{t("hints", lang)} <select name="hints"><option value="counted">'
            f'{t("hints_counted", lang)}</option><option value="ignored">'
            f'{t("hints_ignored", lang)}</option></select></label>'
            f'<button>{t("open", lang)}</button></form>'
            f'<h2>{t("students", lang)}</h2><table class="grid"><tr><th>student_id</th><th class="name">'
            f'{t("name", lang)}</th><th>{t("join_code", lang)}</th></tr>{people}</table>'
            f'<p><a href="/teacher/">{t("back", lang)}</a></p>')
    return layout(f"{info.course}", body, lang, csrf, teacher, tls)


def cards_page(lang: str, info: Any, students: Sequence[Any], address: str, tls: bool) -> str:
    """The join cards: one per student, two columns on A4, each with the address and its QR
    code, the class code and the student's own join code."""
    qr = qr_svg(address, scale=3)
    cards = "".join(
        f'<div class="card">{qr}<div><strong>{escape(s.name or s.student_id)}</strong>'
        f'<div>{escape(address)}</div><div>{said("class_join.class_code", lang)}: <span class="code">'
        f'{escape(info.code)}</span></div><div>{t("join_code", lang)}: <span class="code">'
        f'{escape(s.join_code)}</span></div><small>{t("card_steps", lang)}</small></div></div>'
        for s in students)
    body = (f'<p class="noprint"><a href="/teacher/class/{info.id}">{escape(info.course)}</a></p>'
            f'<div class="cards">{cards}</div>')
    return layout(say("server.pages.cards")[lang], body, lang, tls=True)


def _cell(score: int | None, points: int) -> str:
    if score is None:
        return '<td class="none">·</td>'
    kind = "full" if score >= points else "miss" if score <= 0 else "part"
    return f'<td class="{kind}">{score}</td>'


def live_body(table: Any, online: set[int], lang: str) -> str:
    """The live part of the class page (what each ``draw`` message carries): students ×
    questions with who is online and unusual histories flagged, then the questions, the most
    missed first, each with its text and a link to every student's own version of it."""
    link = f"/teacher/assignment/{table.assignment.id}/question"
    head = "".join(f'<th><a href="{link}/{c.number}" title="{escape(c.prompt[lang])}">'
                   f'{c.number}</a></th>' for c in table.columns)
    rows = []
    for row in table.rows:
        here = row.student.id in online
        dot = (f'<span class="{"online" if here else "offline"}" title="{t("online", lang)}">'
               f'●</span>')
        flag = (f' <span class="flag" title="{t("unusual", lang)}">⚠ '
                f'{escape("; ".join(u[lang] for u in row.unusual))}</span>' if row.unusual else "")
        scores = row.progress.scores if row.progress else {}
        cells = "".join(_cell(scores.get(c.id), c.points) for c in table.columns)
        total = f"{row.progress.score}/{row.progress.max_score}" if row.progress else "·"
        rows.append(f'<tr><td class="name">{dot} {escape(row.student.name or row.student.student_id)}'
                    f'{flag}</td>{cells}<td>{total}</td></tr>')
    stats = "".join(
        f'<li>{escape(say("exercise_panel.question_n").say(lang, n=s.column.number))}: {escape(s.column.prompt[lang])} — '
        f'{t("missed", lang)} {s.missed}, {t("answered", lang)} {s.answered} · '
        f'<a href="{link}/{s.column.number}">{t("versions", lang)}</a></li>' for s in table.stats)
    present = len(online & {r.student.id for r in table.rows})
    return (f'<p>{t("online_count", lang, n=present)}</p><table class="grid"><tr><th class="name">'
            f'{said("sheet_student", lang)}</th>{head}<th>{t("score", lang)}</th></tr>{"".join(rows)}'
            f'</table><h2>{t("statistics", lang)}</h2><ul>{stats}</ul>')


def live_page(lang: str, csrf: str, teacher: str, table: Any, body: str,
              formats: Sequence[str], tls: bool, message: str | None = None,
              error: Text | None = None) -> str:
    """The live class page of one assignment: the table (drawn again by the socket), the
    export (one of ``formats``) and the import of answers files."""
    assignment = table.assignment
    done = f'<p class="ok">{escape(message)}</p>' if message else ""
    options = "".join(f'<option value="{escape(f)}">{t("format_" + f, lang)}</option>'
                      for f in formats)
    page = (f'{field_error(error, lang)}{done}'
            f'<div id="live" data-assignment="{assignment.id}" data-lang="{lang}">{body}</div>'
            f'<h2>{t("export", lang)}</h2><form method="get" '
            f'action="/teacher/assignment/{assignment.id}/export"><label>{t("format", lang)} '
            f'<select name="format">{options}</select></label> <label>{t("separator", lang)} '
            f'<select name="separator"><option value=",">,</option><option value=";">;</option>'
            f'<option value="tab">tab</option></select></label> <button>{t("export", lang)}'
            f'</button></form>'
            f'<form class="box" method="post" action="/teacher/assignment/{assignment.id}/import" '
            f'enctype="multipart/form-data">{csrf_field(csrf)}<h3>{t("import", lang)}</h3>'
            f'<label>{t("import_file", lang)} <input type="file" name="file" required '
            f'accept=".json,application/json"></label><button>{t("import", lang)}</button></form>'
            f'<p><a href="/teacher/class/{assignment.class_id}">{escape(table.course)}</a></p>'
            f'<script src="/teacher/static/live.js"></script>')
    return layout(f"{table.course} · {assignment.name}", page, lang, csrf, teacher, tls)


def question_page(lang: str, csrf: str, teacher: str, table: Any, column: Any,
                  versions: Sequence[Any], tls: bool) -> str:
    """One question in every student's own version: the student, their question as the
    engine draws it, their answer and score."""
    from ..exercises.model import situation_html

    rows = "".join(
        f'<tr><td class="name">{escape(v.student.name or v.student.student_id)}</td>'
        f'<td class="name">{situation_html(v.exercise, lang)}</td>'
        f'<td>{"·" if v.answer is None else escape(show(v.answer)[lang])}</td>'
        f'<td>{"·" if v.score is None else v.score}</td></tr>' for v in versions)
    body = (f'<p>{escape(column.prompt[lang])}</p><table class="grid"><tr><th class="name">'
            f'{said("sheet_student", lang)}</th><th class="name">{escape(say("exercise_panel.question_n").say(lang, n=column.number))}'
            f'</th><th>{t("answer", lang)}</th><th>{t("score", lang)}</th></tr>{rows}</table>'
            f'<p><a href="/teacher/assignment/{table.assignment.id}">{t("live", lang)}</a></p>')
    return layout(say("exercise_panel.question_n").say(lang, n=column.number), body, lang, csrf,
                  teacher, tls)


def class_links(class_id: int, lang: str) -> str:
    """The class page's links to its tables (live), ranking and tournaments.

    >>> class_links(4, "en").count("/teacher/class/4/")
    3
    """
    return (f'<p><a href="/teacher/class/{class_id}/tables">{t("tables", lang)}</a> · '
            f'<a href="/teacher/class/{class_id}/ranking">{said("rooms.ranking", lang)}</a> · '
            f'<a href="/teacher/class/{class_id}/tournaments">{t("tournaments", lang)}</a></p>')


def _end_form(table_id: int, csrf: str, lang: str) -> str:
    return (f'<form class="inline" method="post" action="/teacher/table/{table_id}/end">'
            f'{csrf_field(csrf)}<button>{t("end_table", lang)}</button></form>')


def _tables_grid(tables: Sequence[rooms.TableSummary], lang: str, csrf: str | None) -> str:
    """Tables as rows: number (a link to watch it), status, settings, who sits where and,
    with ``csrf``, the watch link and the form that ends a table still going."""
    head = (f'<tr><th>{t("table_col", lang)}</th><th>{said("gb_status", lang)}</th><th class="name">'
            f'{said("rules", lang)}</th><th class="name">{t("players", lang)}</th>'
            f'{"<th></th>" if csrf else ""}</tr>')
    rows = []
    for table in tables:
        going = table.status in ("open", "playing")
        actions = (f'<td><a href="/teacher/table/{table.id}">{t("watch", lang)}</a>'
                   f'{" " + _end_form(table.id, csrf, lang) if going else ""}</td>'
                   if csrf else "")
        rows.append(f'<tr><td><a href="/teacher/table/{table.id}">{table.id}</a></td>'
                    f'<td>{escape(rooms.status_text(table, lang))}</td>'
                    f'<td class="name">{escape(rooms.settings_text(table.settings, lang))}</td>'
                    f'<td class="name">{escape(rooms.seats_text(table, lang))}</td>{actions}</tr>')
    return f'<table class="grid">{head}{"".join(rows)}</table>'


def tables_body(lang: str, csrf: str, tables: Sequence[rooms.TableSummary]) -> str:
    """The live part of a class's tables page (what each ``draw`` message carries): every
    open and playing table with its status, hand, settings and seats, a link to watch it and
    the form that ends it."""
    if not tables:
        return f'<p>{t("no_tables", lang)}</p>'
    return _tables_grid(tables, lang, csrf) + f'<p>{t("end_note", lang)}</p>'



def tables_page(lang: str, csrf: str, teacher: str, info: Any, body: str, tls: bool,
                error: Text | None = None) -> str:
    """A class's tables, live (``WS /ws/teacher?tables=<class id>`` draws ``body`` again)."""
    page = (f'{field_error(error, lang)}'
            f'<div id="live" data-tables="{info.id}" data-lang="{lang}">{body}</div>'
            f'<p><a href="/teacher/class/{info.id}">{escape(info.course)}</a></p>'
            f'<script src="/teacher/static/live.js"></script>')
    return layout(f'{info.course} · {say("server.pages.tables_title")[lang]}', page, lang,
                  csrf, teacher, tls)


def watch_body(table: rooms.TableSummary, view: SeatView | None, lang: str) -> str:
    """The live part of the watch page: the table's status and who sits where, then the
    table as the book draws it, every hand shown (``view`` is `SharedTable.watch`'s; None
    while the table waits for players), no control live."""
    drawing = "" if view is None else draw_table(view, lang, False)
    return (f'<p>{escape(rooms.status_text(table, lang))} · '
            f'{escape(rooms.seats_text(table, lang))}</p>{drawing}')


def watch_page(lang: str, csrf: str, teacher: str, table: rooms.TableSummary, info: Any,
               body: str, tls: bool) -> str:
    """Watching one table of class ``info`` (``WS /ws/teacher?table=<id>`` draws ``body``
    again): its settings, the table with every hand, the form that ends it."""
    going = table.status in ("open", "playing")
    page = (f'<p>{escape(rooms.settings_text(table.settings, lang))}</p>'
            f'<p class="warn">{t("watch_note", lang)}</p>'
            f'<div id="live" class="maca-panel" data-table="{table.id}" data-lang="{lang}">'
            f'{body}</div>'
            f'{_end_form(table.id, csrf, lang) + " " + t("end_note", lang) if going else ""}'
            f'<p><a href="/teacher/class/{info.id}/tables">{t("all_tables", lang)}</a> · '
            f'<a href="/teacher/class/{info.id}">{escape(info.course)}</a></p>'
            f'<script src="/teacher/static/live.js"></script>')
    return layout(rooms.word("table", lang, n=table.id), page, lang, csrf, teacher, tls)


def ranking_page(lang: str, csrf: str, teacher: str, info: Any,
                 rankings: Sequence[tuple[str, str, Sequence[Any]]], tls: bool) -> str:
    """The class ranking: one table per game (rules) and level, read from the rated results
    (H3's ``rankings``: (rules, level, RankRows))."""
    parts = [f'<h2>{escape(rooms.ranking_title(rules, level, lang))}</h2>'
             f'{rooms.ranking_html(rows, lang, css="grid")}'
             for rules, level, rows in rankings if rows]
    body = ("".join(parts) or f'<p>{said("rooms.no_ranking", lang)}</p>') + (
        f'<p><a href="/teacher/class/{info.id}">{escape(info.course)}</a></p>')
    return layout(f'{info.course} · {say("rooms.ranking")[lang]}', body, lang, csrf, teacher, tls)


def _select(name: str, options: Sequence[tuple[str, str]], chosen: str = "") -> str:
    return (f'<select name="{name}">' + "".join(
        f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>{escape(label)}'
        f'</option>' for v, label in options) + "</select>")


def _tournament_form(info: Any, csrf: str, lang: str) -> str:
    """The form that opens a tournament: its name, the game's choices (rated, always), the
    number of rounds. Fields: name, rules, target, passing, moon, timer, level, rounds."""
    preset = t("as_preset", lang)
    rules = [(r, preset_name(r, lang, capital=True)) for r in PRESET_NAMES]
    levels = [(v, say(f"table.level_{v}")[lang]) for v in LEVELS]
    passing = [("", preset), ("on", say("table_panel.on")[lang]),
               ("off", say("table_panel.off")[lang])]
    moon = [("", preset)] + [(v, say(f"table_panel.moon_rule_{v}")[lang])
                             for v in ("old", "new", "choice")]
    timers = [(str(v), str(v)) for v in (30, 60, 120, 300)]
    return (f'<form class="box" method="post" action="/teacher/class/{info.id}/tournaments">'
            f'{csrf_field(csrf)}<h2>{t("new_tournament", lang)}</h2>'
            f'<p>{t("tournament_note", lang)}</p>'
            f'<label>{t("tournament_name", lang)} <input name="name" required maxlength="60">'
            f'</label><label>{said("rules", lang)} {_select("rules", rules, "standard")}</label>'
            f'<label>{t("target_blank", lang)} <input name="target" type="number" min="1" '
            f'max="999"></label>'
            f'<label>{said("table_panel.passing", lang)} {_select("passing", passing)}</label>'
            f'<label>{said("moon", lang)} {_select("moon", moon)}</label>'
            f'<label>{said("table_panel.timer", lang)} {_select("timer", timers, "60")}</label>'
            f'<label>{said("table_panel.level", lang)} {_select("level", levels, "medium")}'
            f'</label><label>{t("rounds", lang)} <input name="rounds" type="number" min="1" '
            f'max="20" value="3" required></label><button>{t("new_tournament", lang)}</button>'
            f'</form>')


def tournaments_page(lang: str, csrf: str, teacher: str, info: Any,
                     tournaments: Sequence[Any], tls: bool, error: Text | None = None) -> str:
    """A class's tournaments (H3's ``TournamentInfo``s) and the form that opens one."""
    items = "".join(
        f'<li><a href="/teacher/tournament/{x.id}">{escape(x.name)}</a> · '
        f'{t("rounds_played", lang, now=x.round_now, rounds=x.rounds)} · '
        f'{escape(local_time(x.created, lang))}</li>' for x in tournaments)
    body = (f'{field_error(error, lang)}'
            f'{f"<ul>{items}</ul>" if items else "<p>" + t("no_tournaments", lang) + "</p>"}'
            f'{_tournament_form(info, csrf, lang)}'
            f'<p><a href="/teacher/class/{info.id}">{escape(info.course)}</a></p>')
    return layout(f'{info.course} · {say("server.pages.tournaments")[lang]}', body, lang, csrf,
                  teacher, tls)


def tournament_page(lang: str, csrf: str, teacher: str, tournament: Any, info: Any,
                    rounds: Sequence[tuple[int, Sequence[rooms.TableSummary]]],
                    standings: Sequence[Any], tls: bool, error: Text | None = None) -> str:
    """One tournament (H3's ``TournamentInfo``) of class ``info``: its settings, the
    standings (RankRows), each round's tables (links to watch them) and the form that draws
    and opens the next round while rounds are left."""
    settings = TableSettings.from_json(tournament.settings)
    table = (rooms.ranking_html(standings, lang, css="grid") if standings
             else f'<p>{t("no_standings", lang)}</p>')
    played = "".join(f'<h3>{t("round", lang, n=number)}</h3>{_tables_grid(tables, lang, csrf)}'
                     for number, tables in rounds) or f'<p>{t("no_rounds", lang)}</p>'
    next_round = (f'<form class="box" method="post" action="/teacher/tournament/'
                  f'{tournament.id}/round">{csrf_field(csrf)}<button>{t("next_round", lang)}'
                  f'</button></form>' if tournament.round_now < tournament.rounds else "")
    body = (f'{field_error(error, lang)}'
            f'<p>{escape(rooms.settings_text(settings, lang))} · '
            f'{t("rounds_played", lang, now=tournament.round_now, rounds=tournament.rounds)}</p>'
            f'<h2>{t("standings", lang)}</h2>{table}{next_round}{played}'
            f'<p><a href="/teacher/class/{info.id}/tournaments">{t("tournaments", lang)}</a> · '
            f'<a href="/teacher/class/{info.id}">{escape(info.course)}</a></p>')
    return layout(tournament.name, body, lang, csrf, teacher, tls)


def threat_page(lang: str, tls: bool, csrf: str | None = None,
                teacher: str | None = None) -> str:
    """The threat model, one line per threat, each tested."""
    lines = "".join(
        f'<li id="{key}"><strong>{t("can" if can else "cannot", lang)}:</strong> '
        f'{escape(text[lang])}</li>' for key, (can, text) in THREATS.items())
    body = f'<p>{t("threat_intro", lang)}</p><ul>{lines}</ul>'
    return layout(say("server.pages.security")[lang], body, lang, csrf, teacher, tls)
