"""Build the whole site (the book and its live lessons) and serve it on this computer.

    .venv/bin/python tools/build_site.py            # build, then serve on http://127.0.0.1:8000/
    .venv/bin/python tools/build_site.py --no-serve # build only (CI, or to copy the folder)
    .venv/bin/python tools/build_site.py --serve    # serve what was built last

``python -m maca site`` runs this script with the same options.

The result, ``_build/html``, is a plain folder of static files: copy it to any web server
(see lite/TEACHERS.md). The book is built with ``jupyter-book build -W -n --keep-going .`` (a
failing cell fails the build), the runtime that makes its lesson panels live in the page with
``tools/build_runtime.py`` into ``_build/html/runtime``, and the live notebooks with
``lite/build_lite.py`` into ``_build/html/live``.
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import io
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "lite"))
sys.path.insert(0, str(ROOT / "book" / "_ext"))

from maca_live import LIVE_DIR  # noqa: E402

from maca.serving import COMPRESSED, cache_control, gzipped  # noqa: E402

#: content types the live site needs and Python's table may lack or get wrong
CONTENT_TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                 ".json": "application/json", ".ipynb": "application/json",
                 ".whl": "application/octet-stream", ".zip": "application/zip",
                 ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json"}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right content types and no log line per request. Browsers keep
    the in-page runtime's versioned files (``runtime/pyodide-<version>/``, ``runtime/wheels/<hash>/``)
    for a year; everything else they check again each time (``no-cache``: a
    304 when it has not changed)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def send_head(self) -> io.BufferedIOBase | None:
        """A text or wasm file to a browser that accepts gzip: sent compressed (a lesson page
        and its scripts travel at about a third of their size); anything else as it is."""
        path = self.translate_path(self.path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not os.path.isfile(path) or Path(path).suffix not in COMPRESSED:
            return super().send_head()
        stat = os.stat(path)
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = gzipped(path, stat.st_mtime_ns)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib name)
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A threading server that says nothing when a browser drops a connection (a closed tab,
    a cancelled request): that is not an error of the site."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(folder: Path, port: int = 8000, host: str = "127.0.0.1") -> QuietServer:
    """A static file server for ``folder`` (port 0: any free port).

    >>> server = make_server(HTML, 0)
    >>> server.server_address[0], server.server_address[1] > 0
    ('127.0.0.1', True)
    >>> server.server_close()
    """
    handler = functools.partial(QuietHandler, directory=str(folder))
    return QuietServer((host, port), handler)


#: when the book was last built whole (its pages show what the package drew then)
STAMP = ROOT / "_build" / ".maca-package-built"


def package_changed() -> bool:
    """Whether the package or the book's extension changed since the last whole build: Sphinx
    rebuilds only the pages whose text changed, but every page runs maca's code."""
    if not STAMP.exists():
        return True
    built = STAMP.stat().st_mtime
    sources = [*(ROOT / "maca").rglob("*"), *(ROOT / "book" / "_ext").rglob("*"),
               *(ROOT / "exercises").rglob("*")]
    return any(p.is_file() and p.stat().st_mtime > built for p in sources)


def build_book() -> None:
    """The Jupyter Book into ``_build/html`` (a failing cell fails the build); every page again
    when the package has changed since the last build."""
    book = Path(sys.executable).with_name("jupyter-book")
    whole = ["--all"] if package_changed() else []
    print(f"$ jupyter-book build -W -n --keep-going {' '.join(whole)} .".replace("  ", " "),
          flush=True)
    started = time.time()
    subprocess.run([str(book), "build", "-W", "-n", "--keep-going", *whole, "."], cwd=ROOT,
                   check=True)
    if whole:
        STAMP.touch()
        os.utime(STAMP, (started, started))   # an edit made during the build counts next time


def open_port(port: int) -> QuietServer:
    """The server on ``port``, taken before any building, so a busy port is said at once."""
    try:
        return make_server(HTML, port)
    except OSError as exc:
        raise SystemExit(f"port {port} on 127.0.0.1 is not free ({exc.strerror}): choose another "
                         f"with --port / {port} numaralı port kullanımda: --port ile başka bir "
                         "port seç") from None


def serve(server: QuietServer) -> None:
    """Serve ``_build/html`` until Ctrl+C."""
    if not (HTML / "index.html").exists():
        server.server_close()
        raise SystemExit(f"{HTML} has no site yet: run without --serve first")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"\nmaca: {url}  (canlı dersler / live lessons: {url}{LIVE_DIR}/)\n"
          "Durdurmak için / to stop: Ctrl+C", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--no-serve", action="store_true", help="build only")
    mode.add_argument("--serve", action="store_true", help="serve the last build, no building")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    args = parser.parse_args(argv)
    server = None if args.no_serve else open_port(args.port)
    if not args.serve:
        import build_lite

        import build_runtime

        start = time.monotonic()
        build_book()
        build_runtime.build(HTML / build_runtime.RUNTIME_DIR)
        build_lite.build(HTML / LIVE_DIR)
        print(f"site built in {time.monotonic() - start:.0f} s: {HTML}", flush=True)
    if server is not None:
        serve(server)


if __name__ == "__main__":
    main()
