"""maca's build: pure Python by default (the same wheel runs in the browser); with
MACA_COMPILE=1 the engine's hot modules are compiled with mypyc for CPython.

The exercise sets are written in ``exercises/`` (beside the package); a build ships copies of
them as ``maca/exercises/sets/*.toml``, so an installed maca opens a set by name."""
import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

COMPILED = ["maca/simulation.py", "maca/legality.py"]
SETS = Path(__file__).resolve().parent / "exercises"


class build_with_sets(build_py):
    """build_py, then the exercise sets copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads exercises/ where it is
        sets = sorted(SETS.glob("*.toml"))
        if not sets:
            raise SystemExit(f"no exercise sets in {SETS}: a maca wheel ships them")
        target = Path(self.build_lib) / "maca" / "exercises" / "sets"
        target.mkdir(parents=True, exist_ok=True)
        for path in sets:
            shutil.copy2(path, target / path.name)
        puzzles = Path(self.build_lib) / "maca" / "puzzles" / "sets"  # the practice puzzles
        puzzles.mkdir(parents=True, exist_ok=True)
        for path in sorted((SETS / "puzzles").glob("*.toml")):
            shutil.copy2(path, puzzles / path.name)


if os.environ.get("MACA_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"), cmdclass={"build_py": build_with_sets})
else:
    setup(cmdclass={"build_py": build_with_sets})
