"""Build the live lessons: a JupyterLite site with the Pyodide kernel that needs no internet.

    .venv/bin/python lite/build_lite.py [--out _build/html/live]

Everything the browser loads is bundled into the output folder:

- the Pyodide runtime from the npm package ``pyodide`` (the version jupyterlite-pyodide-kernel
  is made for), with a lockfile cut down to the pure-Python wheels the kernel needs, those
  wheels downloaded from PyPI and the lockfile's hashes rewritten to match them;
- the wheels ``%pip install`` serves in the browser (``lite/piplite.txt``), maca's own wheel
  built from this repository (with the exercise sets and the lessons' kit inside);
- every book page and exercise set as a notebook (`live_notebooks`).

Downloads come only from PyPI and npm, at build time, into ``lite/.cache`` (gitignored) so a
second build is offline and fast. The JupyterLite build runs in its own environment
(``lite/.venv``, pinned by ``lite/requirements.txt``) so that no other JupyterLab extension is
bundled, and always from a clean folder (an incremental build once fell back to a CDN).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
sys.path.insert(0, str(LITE))

from live_notebooks import write_all  # noqa: E402

#: the Pyodide release jupyterlite-pyodide-kernel 0.8.6 is built for (its PYODIDE_VERSION)
PYODIDE_VERSION = "314.0.6"
#: the Python inside that Pyodide: wheels are chosen for it
PYODIDE_PYTHON = "3.14"
#: what the kernel loads from Pyodide's lockfile when it starts; their dependencies come along
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
#: the files of the npm package the browser needs (no source maps, no type stubs)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: the settings every live page starts from: the kernel's own Pyodide and no PyPI fallback
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_URL = "./static/pyodide/pyodide.mjs"

CACHE = LITE / ".cache"
VENV = LITE / ".venv"
Log = Callable[[str], None]


def normalize(name: str) -> str:
    """A package name as PEP 503 compares it.

    >>> normalize("Prompt_Toolkit"), normalize("typing.extensions")
    ('prompt-toolkit', 'typing-extensions')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str | Path], log: Log, **kwargs) -> None:
    """Run a command, failing with its output when it fails."""
    log("$ " + " ".join(str(c) for c in cmd))
    try:
        done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kwargs)
    except FileNotFoundError:
        raise SystemExit(f"{cmd[0]} is not installed; the live site's build needs it "
                         "(npm: apt-get install -y npm)") from None
    if done.returncode:
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def sha256(path: Path) -> str:
    """The hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ensure_env(log: Log) -> Path:
    """The ``jupyter-lite`` command of ``lite/.venv``, (re)installed when the pins change."""
    marker = VENV / ".installed"
    requirements = LITE / "requirements.txt"
    if not marker.exists() or marker.read_text() != requirements.read_text():
        if not (VENV / "bin" / "python").exists():
            run([sys.executable, "-m", "venv", VENV], log)
        run([VENV / "bin" / "pip", "install", "--quiet", "--disable-pip-version-check",
             "-r", requirements], log)
        marker.write_text(requirements.read_text())
    return VENV / "bin" / "jupyter-lite"


def fetch_pyodide(log: Log) -> Path:
    """The npm tarball of Pyodide (``npm pack``), cached."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE,
             "--silent"], log, cwd=CACHE)
    return tgz


def kernel_packages(lock: dict) -> dict[str, dict]:
    """The lockfile entries the kernel needs, `KERNEL_ROOTS` and all they depend on, by key."""
    keys = {normalize(key): key for key in lock["packages"]}
    needed: dict[str, dict] = {}
    todo = list(KERNEL_ROOTS)
    while todo:
        key = keys[normalize(todo.pop())]
        if key not in needed:
            needed[key] = lock["packages"][key]
            todo.extend(needed[key]["depends"])
    return needed


def _pin_key(pin: str) -> str:
    """A ``name==version`` pin, name normalized.

    >>> _pin_key("Prompt_Toolkit==3.0.52")
    'prompt-toolkit==3.0.52'
    """
    name, version = pin.split("==")
    return f"{normalize(name)}=={version}"


def download_wheels(pins: Iterable[str], log: Log) -> dict[str, Path]:
    """Pure-Python wheels for Pyodide's Python from PyPI, cached; ``{normalized name: wheel}``."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    pins = sorted(pins)

    def cached() -> dict[str, Path]:
        return {_pin_key("==".join(w.name.split("-")[:2])): w for w in folder.glob("*.whl")}

    missing = [pin for pin in pins if _pin_key(pin) not in cached()]
    if missing:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", PYODIDE_PYTHON,
             "--implementation", "py", "--abi", "none", "--platform", "any",
             "--disable-pip-version-check", "-d", folder, *missing], log)
    have = cached()
    for pin in pins:
        if _pin_key(pin) not in have:
            raise SystemExit(f"no pure-Python wheel of {pin} was downloaded into {folder}")
    return {normalize(pin.split("==")[0]): have[_pin_key(pin)] for pin in pins}


def maca_wheel(into: Path, log: Log) -> Path:
    """maca's wheel, built from a clean copy of the package (``pip wheel --no-deps``), so no
    stale ``build/`` folder can slip an old module in; ``setup.py`` puts the exercise sets
    (``exercises/*.toml``) in it, so a live notebook opens a set by name."""
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copy2(ROOT / name, Path(tmp) / name)
        for folder in ("maca", "exercises"):
            shutil.copytree(ROOT / folder, Path(tmp) / folder,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
             "--no-build-isolation", "--disable-pip-version-check", "-w", into, tmp], log)
    return next(into.glob("maca-*.whl"))


def unpack_runtime(tgz: Path, target: Path) -> None:
    """The runtime files and the lockfile of the Pyodide npm tarball into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in (*RUNTIME_FILES, "pyodide-lock.json"):
            member = tar.extractfile(f"package/{name}")
            assert member is not None, name
            (target / name).write_bytes(member.read())


def stage_pyodide(tgz: Path, target: Path, log: Log) -> None:
    """Runtime files, the kernel's wheels and a lockfile listing exactly those wheels."""
    unpack_runtime(tgz, target)
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    needed = kernel_packages(lock)
    wheels = download_wheels((f"{entry['name']}=={entry['version']}"
                              for entry in needed.values()), log)
    packages = {}
    for key, entry in needed.items():
        wheel = wheels[normalize(key)]
        shutil.copy2(wheel, target / wheel.name)
        # Pyodide rebuilds its wheels, so PyPI's differ: the hash must be of the file shipped
        packages[key] = {**entry, "file_name": wheel.name, "sha256": sha256(wheel)}
    lock["packages"] = packages
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True))
    log(f"pyodide {PYODIDE_VERSION}: {len(packages)} kernel wheels, lockfile rewritten")


def build(out: Path, log: Log = print) -> Path:
    """Build the live site into ``out`` (removed first, so every build is a clean one)."""
    start = time.monotonic()
    jupyter_lite = ensure_env(log)
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="maca-lite-") as tmp:
        _build(Path(tmp), out, jupyter_lite, log)
    check_offline(out)
    log(f"live site built in {time.monotonic() - start:.0f} s: {out}")
    return out


def _build(stage: Path, out: Path, jupyter_lite: Path, log: Log) -> None:
    """Assemble the lite folder in ``stage`` (new, so nothing of an earlier build is reused)
    and run ``jupyter lite build`` into ``out``."""
    files, pypi = stage / "files", stage / "pypi"
    for folder in (files, pypi):
        folder.mkdir(parents=True)
    try:
        notebooks = write_all(ROOT / "book", ROOT / "exercises", files)
    except ValueError as problems:
        raise SystemExit(f"the live notebooks cannot be made:\n{problems}") from None
    log(f"{len(notebooks)} live notebooks")
    for config in ("jupyter-lite.json", "overrides.json"):
        shutil.copy2(LITE / config, stage / config)
    stage_pyodide(fetch_pyodide(log), stage / "static" / "pyodide", log)
    pins = [line.split("#")[0].strip() for line in (LITE / "piplite.txt").read_text().splitlines()]
    for wheel in download_wheels([pin for pin in pins if pin], log).values():
        shutil.copy2(wheel, pypi / wheel.name)
    maca_wheel(pypi, log)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    run([jupyter_lite, "build", "--lite-dir", stage, "--output-dir", out,
         "--contents", files, "--apps", "lab", "--apps", "notebooks", "--apps", "tree",
         "--no-sourcemaps", "--no-unused-shared-packages"], log, cwd=stage, env=env)


def check_offline(out: Path) -> None:
    """Fail unless the kernel is pointed at the bundled Pyodide, with no PyPI fallback, and
    every wheel the lockfile names is shipped with the hash the lockfile says."""
    config = json.loads((out / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if not settings.get("disablePyPIFallback") or settings.get("pyodideUrl") != PYODIDE_URL:
        raise SystemExit(f"{out}/jupyter-lite.json does not keep the kernel offline: {settings}")
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        wheel = out / "static" / "pyodide" / entry["file_name"]
        if not wheel.exists() or sha256(wheel) != entry["sha256"]:
            raise SystemExit(f"{wheel.name}: missing, or its hash is not the lockfile's")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html" / "live",
                        help="the live site's folder (default: _build/html/live)")
    args = parser.parse_args(argv)
    build(args.out.resolve())


if __name__ == "__main__":
    main()
