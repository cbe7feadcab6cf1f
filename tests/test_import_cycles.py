"""No import circle in the package but the lazy picture hooks (issue 17): `render` imported
inside `_repr_html_`/`_repr_svg_`, as python-chess draws its boards. `tools/import_cycles.py`
lists the circles from the source; run it to see where one comes from."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("import_cycles", ROOT / "tools" / "import_cycles.py")
assert _spec is not None and _spec.loader is not None
import_cycles = sys.modules["import_cycles"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(import_cycles)


def test_no_circle_but_the_picture_hooks() -> None:
    text, left = import_cycles.report(ROOT / "maca")
    assert left == 0, text


def test_the_picture_hooks_are_the_only_lazy_way_back(tmp_path: Path) -> None:
    """The script sees a circle made of a lazy import, and sets aside only a picture hook."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "render.py").write_text("from .cards import Card\n")
    (package / "cards.py").write_text(
        "class Card:\n    def _repr_html_(self):\n        from .render import x\n")
    assert import_cycles.circles(package, hooks=False) == []
    assert import_cycles.circles(package) == [["pkg.cards", "pkg.render"]]
    (package / "hand.py").write_text("def observe():\n    from .seen import Seen\n")
    (package / "seen.py").write_text("from .hand import observe\n")
    assert import_cycles.circles(package, hooks=False) == [["pkg.hand", "pkg.seen"]]
    text, left = import_cycles.report(package)
    assert left == 1 and "pkg.hand ~> pkg.seen -> pkg.hand" in text
