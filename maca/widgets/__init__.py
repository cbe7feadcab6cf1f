"""The notebook host: one widget (anywidget) for every panel, carrying the messages of
`maca.panels.host` over the notebook's comm.

In a notebook with a kernel (JupyterLab, Notebook 7, VS Code, JupyterLite) a panel shows
itself as a `PanelWidget`: its ESM draws the ``draw`` HTML the panel makes, sends a click on a
``[data-act]`` control (with the panel's typed ``input[name]`` fields) as an ``act`` message,
says a refused message in the panel, and ticks a rated table's move timer as the book page
does. The panels' styles (``maca/panels/static/maca-live.css``, the book page's) come with it.

>>> from maca.panels import play_lesson
>>> widget = PanelWidget(play_lesson(lang="en", seed=1))
>>> widget.receive({"type": "act", "action": "card", "value": "AH"})["type"]
'draw'
>>> "You hold a club" in widget.html
True
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..panels.host import Host, PageStore

__all__ = ["PanelWidget", "show", "STATIC"]

#: Set by the book's build (``book/_ext/maca_live.py``): its pages show panels as HTML.
STATIC = "MACA_PANELS"

_CSS = Path(__file__).resolve().parent.parent / "panels" / "static" / "maca-live.css"

_ESM = """
const fields = (body) => Object.fromEntries(
  [...body.querySelectorAll("input[name]")].map((input) => [input.name, input.value]));

function render({ model, el }) {
  const label = model.get("label");
  const frame = el.appendChild(document.createElement(label ? "section" : "div"));
  if (label) {
    frame.className = "maca-panel maca-live";
    frame.setAttribute("aria-label", label);
  }
  frame.lang = model.get("lang");
  const body = frame.appendChild(document.createElement("div"));
  body.className = "maca-panel-body";
  const error = frame.appendChild(document.createElement("p"));
  error.className = "maca-note maca-note-error";
  error.setAttribute("role", "alert");
  let timer = null, last = null;
  const send = (action, value) => {
    last = [action, value];
    model.send({ type: "act", action, value, fields: fields(body) });
  };
  // A rated table's move timer: the panel draws the seconds left; at zero the panel's
  // "timeout" action lets Python check its own clock and play for the learner.
  const tick = () => {
    clearInterval(timer);
    const clock = body.querySelector("[data-maca-countdown]");
    if (!clock) return;
    const alert = body.querySelector(".maca-countdown-alert");
    let left = Number(clock.dataset.macaCountdown);
    timer = setInterval(() => {
      left -= 1;
      const warn = left <= 10;
      clock.textContent = (warn ? clock.dataset.warning : clock.dataset.template)
        .replace("{s}", String(Math.max(0, Math.ceil(left))));
      clock.style.color = warn ? "#b91c1c" : "";
      if (warn && alert && !alert.textContent) alert.textContent = clock.textContent;
      if (left <= 0) { clearInterval(timer); send("timeout", ""); }
    }, 1000);
  };
  const draw = () => {
    body.innerHTML = model.get("html");
    tick();
    if (!last) return;
    const same = `[data-act="${CSS.escape(last[0])}"][data-value="${CSS.escape(last[1])}"]`;
    (body.querySelector(same) ?? body.querySelector("[data-act]:not([aria-disabled])"))?.focus();
  };
  const say = () => { error.textContent = model.get("error"); };
  model.on("change:html", draw);
  model.on("change:error", say);
  body.addEventListener("click", (event) => {
    const target = event.target.closest("[data-act]");
    if (!target || !body.contains(target)) return;
    event.preventDefault();  // a submit button (Enter in a field) sends no form
    send(target.dataset.act, target.dataset.value ?? "");
  });
  draw();
  say();
  return () => clearInterval(timer);
}
export default { render };
"""


class PanelWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """A panel (or anything with ``body(live)``, ``act`` and ``fill``, like a quick check) in
    a notebook; the front-end's messages go to `receive`."""

    _esm = _ESM
    _css = _CSS.read_text(encoding="utf-8")
    html = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("tr").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, panel: Any, framed: bool = True) -> None:
        super().__init__(lang=panel.lang, label=panel.title() if framed else "")
        self.panel = panel
        self.host = Host()
        self.host.panels[0], self.host.stores[0] = panel, PageStore()
        self.html = self.host.draw(0)["html"]
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.receive(content)
        except Exception as exc:  # a bug, not a refusal: said in the panel, then logged
            self.error = f"{type(exc).__name__}: {exc}"
            raise

    def receive(self, message: Any) -> dict[str, Any]:
        """Answer a message of the front-end (``{"type": "act", …}``, see `maca.panels.host`)
        and show the answer: the panel drawn again, or why it was refused (nothing changed).

        >>> from maca.panels import passing_lesson
        >>> widget = PanelWidget(passing_lesson(lang="en"))
        >>> before = widget.html
        >>> print(widget.receive({"type": "act", "action": "number", "value": "9"})["message"])
        a hand number is a whole number from 1 to 4, not '9'
        >>> widget.html == before, widget.error == "a hand number is a whole number from 1 to 4, not '9'"
        (True, True)
        """
        reply = self.host.handle({**message, "panel": 0} if isinstance(message, dict)
                                 else {"type": message, "panel": 0})
        if reply["type"] == "draw":
            self.html, self.error = reply["html"], ""
        else:
            self.error = reply["message"]
        return reply


def _widgets_wanted() -> bool:
    """Whether a panel shown in a notebook is its `PanelWidget`: in a kernel (or the
    browser's, JupyterLite), unless the book is being built (its pages keep the inert HTML
    panel, which the page's script makes live)."""
    from IPython import get_ipython
    kernel = sys.platform == "emscripten" or getattr(get_ipython(), "kernel", None) is not None
    return kernel and os.environ.get(STATIC) != "html"


def show(shown: Any, framed: bool = True) -> None:
    """Display ``shown`` (a panel, or a quick check when not ``framed``) in a notebook: as its
    `PanelWidget` where widgets are wanted (see `_widgets_wanted`), otherwise its HTML."""
    from IPython.display import display
    if _widgets_wanted():
        display(PanelWidget(shown, framed))
    else:
        display({"text/html": shown._repr_html_()}, raw=True)
