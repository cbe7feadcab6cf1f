"""How the built site is served, by ``python -m maca site`` (``tools/build_site.py``) and by the
class server alike: which files travel gzip-compressed and how long a browser keeps them.

>>> cache_control("/runtime/pyodide-0.27/pyodide.asm.wasm"), cache_control("/book/tr/index.html")
('public, max-age=31536000, immutable', 'no-cache')
>>> ".wasm" in COMPRESSED, ".png" in COMPRESSED
(True, False)
"""
from __future__ import annotations

import functools
import gzip

__all__ = ["COMPRESSED", "cache_control", "gzipped"]

#: files sent gzip-compressed to a browser that accepts them (a lesson page and its scripts
#: travel at about a third of their size)
COMPRESSED = frozenset({".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".svg", ".wasm",
                        ".txt", ".map", ".woff", ".ttf", ".data", ".tar"})
#: the in-page runtime's files, whose names change with their version
_VERSIONED = ("/runtime/pyodide-", "/runtime/wheels/")


def cache_control(path: str) -> str:
    """The ``Cache-Control`` of a site path: versioned runtime files kept for a year, the rest
    checked again each time (a 304 when unchanged)."""
    return "public, max-age=31536000, immutable" if path.startswith(_VERSIONED) else "no-cache"


@functools.lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int) -> bytes:
    """A file's bytes gzip-compressed, once per version of the file (``mtime_ns``)."""
    with open(path, "rb") as file:
        return gzip.compress(file.read(), compresslevel=6, mtime=0)
