"""``python -m maca class``: ``serve`` starts the class server (the built site and the class
API on the school's network), ``teacher add NAME`` adds a teacher's account.

The data stays in one SQLite file by default, in the user's data folder (`default_database`),
or in PostgreSQL with ``--db postgresql://…``. The first start creates the first teacher's
account: its password is asked on the terminal, or read from ``--teacher-password-file`` or
the environment variable ``MACA_TEACHER_PASSWORD`` (for unattended starts).
"""
from __future__ import annotations

import argparse
import getpass
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..words import catalogue, say

ROOT = Path(__file__).resolve().parent.parent.parent
#: the site as ``sh run.sh`` / ``python -m maca site`` builds it
BUILT_SITE = ROOT / "_build" / "html"
PASSWORD_ENV = "MACA_TEACHER_PASSWORD"

WORDS = catalogue("server.cli", {
    "database": ("Veriler: {where}", "Data: {where}"),
    "https": ("HTTPS ile sunuluyor (sertifika: {cert}).", "Serving HTTPS (certificate: {cert})."),
    "http": ("UYARI: şifresiz HTTP ile sunuluyor. Okulun kablosuz ağındaki herkes kodları, "
             "çerezleri ve cevapları okuyabilir: --tls SERTİFİKA ANAHTAR ile başlat ya da bir "
             "TLS vekilinin arkasına koy.",
             "WARNING: serving plain HTTP. Anyone on the school's Wi-Fi can read the codes, "
             "cookies and answers: start with --tls CERT KEY or put it behind a TLS proxy."),
    "open": ("Öğrenciler bu adresi açsın:", "Students open this address:"),
    "teacher_page": ("Öğretmen sayfası: {url}", "Teacher's page: {url}"),
    "stop": ("Durdurmak için Ctrl+C.", "Press Ctrl+C to stop."),
    "building": ("Site henüz derlenmemiş: önce derleniyor (birkaç dakika)…",
                 "The site is not built yet: building it first (a few minutes)…"),
    "no_site": ("{site} içinde index.html yok: --site ile derlenmiş sitenin klasörünü ver.",
                "{site} has no index.html: give the built site's folder with --site."),
    "first_teacher": ("İlk öğretmen hesabı oluşturuluyor: {name}", "Creating the first "
                      "teacher's account: {name}"),
    "ask_password": ("{name} için parola (en az 8 karakter): ",
                     "Password for {name} (at least 8 characters): "),
    "again": ("Parola yeniden: ", "Password again: "),
    "mismatch": ("İki parola aynı değil.", "The two passwords differ."),
    "no_password": ("Parola gerekli: bir terminalde başlat ya da --teacher-password-file F ya da "
                    "MACA_TEACHER_PASSWORD ver.",
                    "A password is needed: start on a terminal, or give "
                    "--teacher-password-file F or MACA_TEACHER_PASSWORD."),
    "added": ("{name} eklendi.", "{name} added."),
    "failed": ("maca class: işlem yapılamadı: {why}", "maca class: could not finish: {why}"),
}, scoped=True)


def word(key: str, lang: str, **params: object) -> str:
    """A text of this module's catalogue in ``lang``."""
    return say(f"server.cli.{key}").say(lang, **params)


def default_database() -> Path:
    """The SQLite file used without ``--db``: ``maca/class.db`` in the user's data folder
    (``%APPDATA%`` on Windows, ``~/Library/Application Support`` on macOS,
    ``$XDG_DATA_HOME`` or ``~/.local/share`` elsewhere).

    >>> default_database().parts[-2:]
    ('maca', 'class.db')
    """
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "maca" / "class.db"


def network_addresses(host: str, port: int, tls: bool) -> list[str]:
    """The addresses students can open: the host given, or for ``0.0.0.0`` this computer's
    addresses on its networks (loopback last, for the teacher's own browser).

    >>> network_addresses("127.0.0.1", 8000, False)
    ['http://127.0.0.1:8000/']
    """
    scheme = "https" if tls else "http"
    if host not in ("0.0.0.0", "::", ""):
        return [f"{scheme}://{host}:{port}/"]
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))     # no packet is sent: it picks the route
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    lan = [a for a in dict.fromkeys(found) if not a.startswith("127.")]
    return [f"{scheme}://{a}:{port}/" for a in lan] + [f"{scheme}://127.0.0.1:{port}/"]


def read_password(name: str, lang: str, file: Path | None) -> str:
    """A new teacher's password: from the file, the environment, or asked twice on a terminal."""
    if file is not None:
        return file.read_text(encoding="utf-8").strip("\r\n")
    if os.environ.get(PASSWORD_ENV):
        return os.environ[PASSWORD_ENV]
    if not sys.stdin.isatty():
        raise SystemExit(word("no_password", lang))
    first = getpass.getpass(word("ask_password", lang, name=name))
    if getpass.getpass(word("again", lang)) != first:
        raise SystemExit(word("mismatch", lang))
    return first


def ensure_site(site: Path | None, lang: str) -> Path:
    """The built site's folder: the one given, or ``_build/html`` (built first if missing)."""
    if site is not None:
        if not (site / "index.html").exists():
            raise SystemExit(word("no_site", lang, site=site))
        return site
    if not (BUILT_SITE / "index.html").exists():
        print(word("building", lang), flush=True)
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--no-serve"],
                       check=True)
    return BUILT_SITE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``class`` command's arguments (``serve``, ``teacher add``)."""
    sub = parser.add_subparsers(dest="class_command", required=True)
    serve = sub.add_parser("serve", help="serve the site and the class API on the network")
    serve.add_argument("--host", default="0.0.0.0",
                       help="address to listen on (default 0.0.0.0: every network)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--site", type=Path, help="the built site's folder (default _build/html, "
                                                 "built first if missing)")
    serve.add_argument("--tls", nargs=2, type=Path, metavar=("CERT", "KEY"),
                       help="serve HTTPS with this certificate and key (PEM files)")
    serve.add_argument("--proxy", default="127.0.0.1", metavar="ADDRESSES",
                       help="the HTTP/TLS proxies in front of the server, whose X-Forwarded-For "
                            "and X-Forwarded-Proto are trusted (default 127.0.0.1; comma "
                            "separated)")
    serve.add_argument("--teacher-name", default="öğretmen",
                       help="the first teacher's name (default öğretmen)")
    serve.add_argument("--teacher-password-file", type=Path,
                       help=f"the first teacher's password (else {PASSWORD_ENV} or asked)")
    teacher = sub.add_parser("teacher", help="teachers' accounts")
    teacher_sub = teacher.add_subparsers(dest="teacher_command", required=True)
    add = teacher_sub.add_parser("add", help="add a teacher (the password is asked)")
    add.add_argument("name")
    add.add_argument("--password-file", type=Path, help=f"the password (else {PASSWORD_ENV} or "
                                                        "asked)")
    for command in (serve, add):
        command.add_argument("--db", help="database: a SQLite file or postgresql://… "
                                          f"(default {default_database()})")
        command.add_argument("--lang", dest="sub_lang", default=None, choices=["tr", "en"])


def open_store(db: str | None, lang: str) -> tuple[object, str]:
    """The store and a sentence saying where the data is."""
    from .db import database_url
    from .store import ClassStore

    if db is None:
        path = default_database()
        path.parent.mkdir(parents=True, exist_ok=True)
        db = str(path)
    url = database_url(db)
    where = db if "://" not in db else url.split("@")[-1]    # never print a password
    return ClassStore(url), word("database", lang, where=where)


def fast_deflate() -> type:
    """uvicorn's WebSocket protocol with permessage-deflate at zlib's fastest level (its
    window and memory as uvicorn sets them): a seat's drawing deflates three times faster
    than at the default level, a fifth larger."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.server import ServerProtocol

    class FastDeflate(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                self.conn = ServerProtocol(
                    extensions=[ServerPerMessageDeflateFactory(
                        server_max_window_bits=12, client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": 1})],
                    max_size=self.config.ws_max_size, logger=self.conn.logger)

    return FastDeflate


def serve(args: argparse.Namespace) -> int:
    """Start the class server and keep it running until Ctrl+C."""
    import segno
    import uvicorn

    from .app import create_app
    from .security import Limits

    lang = args.lang
    site = ensure_site(args.site, lang)
    store, where = open_store(args.db, lang)
    print(where)
    if store.teacher_count() == 0:          # type: ignore[attr-defined]
        print(word("first_teacher", lang, name=args.teacher_name), flush=True)
        password = read_password(args.teacher_name, lang, args.teacher_password_file)
        store.add_teacher(name=args.teacher_name, password=password)    # type: ignore[attr-defined]
    tls = args.tls is not None
    addresses = network_addresses(args.host, args.port, tls)
    limits = Limits()
    app = create_app(store, site, tls=tls, addresses=addresses, limits=limits)
    print(word("https", lang, cert=args.tls[0]) if tls else word("http", lang))
    print(word("open", lang))
    for address in addresses:
        print(f"  {address}")
    segno.make(addresses[0], error="m").terminal(compact=True)
    print(word("teacher_page", lang, url=f"{addresses[-1]}teacher/"))
    print(word("stop", lang), flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                            ws_max_size=2 * limits.message, ws_ping_interval=20,
                            ssl_certfile=str(args.tls[0]) if tls else None,
                            ssl_keyfile=str(args.tls[1]) if tls else None,
                            proxy_headers=True, forwarded_allow_ips=args.proxy,
                            ws=fast_deflate())
    uvicorn.Server(config).run()
    return 0


def add_teacher(args: argparse.Namespace) -> int:
    """``class teacher add NAME``."""
    store, where = open_store(args.db, args.lang)
    print(where)
    password = read_password(args.name, args.lang, args.password_file)
    store.add_teacher(name=args.name, password=password)     # type: ignore[attr-defined]
    print(word("added", args.lang, name=args.name))
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``python -m maca class …``; a refused input is said plainly (exit 2)."""
    from ..errors import MacaError

    if getattr(args, "sub_lang", None):
        args.lang = args.sub_lang
    try:
        return serve(args) if args.class_command == "serve" else add_teacher(args)
    except (MacaError, OSError) as exc:
        why = exc.message(args.lang) if isinstance(exc, MacaError) else str(exc)
        print(word("failed", args.lang, why=why), file=sys.stderr)
        return 2
