// The lesson panels of a book page come alive in place: one click on "▶ Canlandır / Make it
// live" starts Python in the browser (Pyodide, from the site's runtime/ folder, see
// tools/build_runtime.py), rebuilds the same panel from its data-maca-panel description with
// maca.panels, and from then on every click on a [data-act] button is answered by Python,
// which redraws the panel. One Python serves every panel of the page. The words shown come from
// the panel's data-* attributes, in the page's language.
const runtime = new URL("../runtime/", import.meta.url);
let python = null;

function startPython() {
  python ??= (async () => {
    const where = await (await fetch(new URL("runtime.json", runtime))).json();
    const home = new URL(where.pyodide, runtime).href;
    const { loadPyodide } = await import(new URL("pyodide.mjs", home).href);
    const py = await loadPyodide({ indexURL: home });
    await py.loadPackage(new URL(where.wheel, runtime).href);
    return py.pyimport("maca.panels.live");
  })();
  python.catch(() => { python = null; });  // a failed start may be tried again
  return python;
}

// After a redraw the focus goes back to the button clicked, or (a card just played) to the
// first button that can still be used, so a keyboard never falls out of the panel.
function focusAgain(body, act, value) {
  const same = `[data-act="${CSS.escape(act)}"][data-value="${CSS.escape(value)}"]`;
  (body.querySelector(same) ?? body.querySelector("[data-act]:not([aria-disabled])")
    ?? body.querySelector("[data-act]"))?.focus();
}

// A rated table's move timer (maca/panels/table.py): the panel draws the seconds left in a
// [data-maca-countdown] element; this ticks it every second, says the last 10 seconds in its
// role="alert" neighbour, and at zero calls expire() (the panel's "timeout" action: Python
// checks its own clock and plays for the learner). A redraw starts it again.
function tableCountdown(body, expire) {
  clearInterval(body.macaCountdown);
  const clock = body.querySelector("[data-maca-countdown]");
  if (!clock) return;
  const alert = body.querySelector(".maca-countdown-alert");
  let left = Number(clock.dataset.macaCountdown);
  const show = () => {
    const warn = left <= 10;
    const text = (warn ? clock.dataset.warning : clock.dataset.template)
      .replace("{s}", String(Math.max(0, Math.ceil(left))));
    clock.textContent = text;
    clock.style.color = warn ? "#b91c1c" : "";
    clock.style.fontWeight = warn ? "700" : "";
    if (warn && alert && !alert.textContent) alert.textContent = text;
  };
  show();
  body.macaCountdown = setInterval(() => {
    left -= 1;
    show();
    if (left <= 0) {
      clearInterval(body.macaCountdown);
      expire();
    }
  }, 1000);
}

// A panel's typed fields (an exercise's points per seat, who the learner is) go with every
// click, by name, as JSON; "" when it has none. Enter in a field presses its form's submit
// button (a [data-act] button too, whose click is answered here instead of sending the form).
function typedFields(body) {
  const inputs = [...body.querySelectorAll("input[name]")];
  return inputs.length ? JSON.stringify(Object.fromEntries(
    inputs.map((input) => [input.name, input.value]))) : "";
}

function wire(panel) {
  const start = panel.querySelector(".maca-live-start");
  const status = panel.querySelector(".maca-live-status");
  const body = panel.querySelector(".maca-panel-body");
  start.addEventListener("click", async () => {
    start.disabled = true;
    panel.setAttribute("aria-busy", "true");
    status.textContent = panel.dataset.loading;
    try {
      const live = await startPython();
      const id = live.start(panel.dataset.macaPanel);
      body.innerHTML = live.draw(id);
      const timed = () => tableCountdown(body, () => {
        body.innerHTML = live.act(id, "timeout", "");
        timed();
      });
      timed();
      panel.classList.add("maca-live");
      status.textContent = panel.dataset.ready;
      start.hidden = true;
      body.addEventListener("click", (event) => {
        const target = event.target.closest("[data-act]");
        if (!target || !body.contains(target)) return;
        event.preventDefault();  // a submit button (Enter in a field) sends no form
        const { act, value } = target.dataset;
        body.innerHTML = live.act(id, act, value, typedFields(body));
        timed();
        focusAgain(body, act, value);
      });
      body.querySelector("[data-act]")?.focus();
    } catch (error) {
      console.error(error);
      status.textContent = panel.dataset.failed;
      start.disabled = false;
    } finally {
      panel.removeAttribute("aria-busy");
    }
  });
}

const panels = document.querySelectorAll(".maca-panel[data-maca-panel]");
panels.forEach(wire);
// Python starts quietly when a panel comes near the screen, while the learner reads on.
const near = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) {
    near.disconnect();
    startPython().catch(() => {});
  }
}, { rootMargin: "800px 0px" });
panels.forEach((panel) => near.observe(panel));

// Quick checks (book/lessonkit.py) answer without Python: every choice's verdict was computed
// when the page was built and waits in a <template>; a click presses the chosen button (and no
// other) and shows its verdict in the check's role="status" element, which announces it.
document.addEventListener("click", (event) => {
  const choice = event.target.closest(".maca-quick-check button[data-choice]");
  if (!choice) return;
  const check = choice.closest(".maca-quick-check");
  const verdict = check.querySelector(
    `template[data-choice="${CSS.escape(choice.dataset.choice)}"]`);
  const status = check.querySelector('[role="status"]');
  if (!verdict || !status) return;
  check.querySelectorAll("button[data-choice]").forEach((button) => {
    button.setAttribute("aria-pressed", String(button === choice));
  });
  status.replaceChildren(verdict.content.cloneNode(true));
});
