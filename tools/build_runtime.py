"""Build the book pages' in-page runtime: Python in the browser (Pyodide) and maca's wheel.

    .venv/bin/python tools/build_runtime.py [--out _build/html/runtime]

The lesson panels on a book page come alive with it (``book/_ext/static/maca-worker.js`` runs
it in a Web Worker for ``maca-live.js``): no notebook, no kernel, no package but maca (pure
Python, standard library only). The folder:

- ``pyodide-<version>/``: the runtime files of the npm package ``pyodide`` and a lockfile that
  lists no packages (nothing else is ever loaded); the folder name carries the version, so the
  site server lets browsers keep these files (see ``tools/build_site.py``);
- ``wheels/<hash>/maca-<version>-py3-none-any.whl``: maca built from this repository, in a
  folder named by its hash, so a new build is never mixed up with a copy the browser kept;
- ``runtime.json``: where both are.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lite"))

from build_lite import PYODIDE_VERSION, Log, fetch_pyodide, maca_wheel, unpack_runtime  # noqa: E402

#: the runtime's folder inside the built site (the pages' script looks for it there)
RUNTIME_DIR = "runtime"


def build(out: Path, log: Log = print) -> Path:
    """The runtime into ``out`` (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    pyodide = out / f"pyodide-{PYODIDE_VERSION}"
    unpack_runtime(fetch_pyodide(log), pyodide)
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    lock_path.write_text(json.dumps({"info": lock["info"], "packages": {}}))
    built = maca_wheel(out, log)
    digest = hashlib.sha256(built.read_bytes()).hexdigest()[:16]
    wheel = out / "wheels" / digest / built.name
    wheel.parent.mkdir(parents=True)
    built.rename(wheel)
    (out / "runtime.json").write_text(json.dumps(
        {"pyodide": f"{pyodide.name}/", "wheel": wheel.relative_to(out).as_posix()}))
    log(f"in-page runtime: Pyodide {PYODIDE_VERSION} and {wheel.name} in {out}")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html" / RUNTIME_DIR,
                        help="the runtime's folder (default: _build/html/runtime)")
    build(parser.parse_args(argv).out.resolve())


if __name__ == "__main__":
    main()
