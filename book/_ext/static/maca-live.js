// The lesson panels of a book page come alive in place: one click on "▶ Canlandır / Make it
// live" asks Python (Pyodide in a Web Worker, maca-worker.js: the page never waits for it) to
// rebuild the same panel from its data-maca-panel description, and from then on every click on
// a [data-act] button is sent to it and the panel's body is drawn again from its answer. The
// messages are maca/panels/host.py's: {type: "start" | "act", panel: n, …} → {type: "draw",
// html, store} or {type: "error"} (a refused click: the panel stays as it was). One worker
// serves every panel of the page. What a panel keeps (an exercise set's answers) lives in the
// browser's local storage: the keys under the panel's data-maca-keeps prefixes go with "start",
// and a draw's store is written back. The words shown come from the panel's data-* attributes,
// in the page's language. On the exercises page the class client (maca-class.js) opens a
// joined student's assigned sets as them and hears every draw's writes before they are kept.
// A panel marked data-maca-host="class" (the play page's class tables) is carried the same way
// by another transport, the class client's tables socket: the class server keeps the panel,
// answers the same messages and also draws by itself when another player moves; the panel
// starts by itself when a student is joined, and its status line says how the connection is.
let worker = null;
let classroom = null;  // the class client, once loaded (only a page with a class box or class
                       // panel loads it)
const joining = document.querySelector('.maca-class, .maca-panel[data-maca-host="class"]')
  ? import("./maca-class.js").then((client) => (classroom = client), () => null) : null;
const waiting = new Map();  // panel number → the answer it waits for

// Every message still waiting gets "failed", and the next one starts a new worker.
function lost() {
  worker?.terminate();
  worker = null;
  waiting.forEach((answer, panel) => answer({ type: "failed", panel }));
  waiting.clear();
}

function python() {
  if (!worker) {
    worker = new Worker(new URL("maca-worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      const reply = JSON.parse(data);
      if (reply.type === "failed") return lost();
      const answer = waiting.get(reply.panel);
      waiting.delete(reply.panel);
      answer?.(reply);
    });
    worker.addEventListener("error", (event) => {
      console.error(event.message ?? event);
      lost();
    });
  }
  return worker;
}

// A panel's transport: ask(message) → the answer to it (a panel has one message in flight at
// a time), and hears(panel, heard) for what comes unasked (Python never speaks unasked).
const inPage = {
  ask(message) {
    return new Promise((answer) => {
      waiting.set(message.panel, answer);
      python().postMessage(JSON.stringify(message));
    });
  },
  hears() {},
};

// The class client's tables socket (maca-class.js `tables`); "failed" when the client is missing.
const byClass = {
  async ask(message) {
    const client = await joining;
    return client ? client.tables.ask(message) : { type: "failed", panel: message.panel };
  },
  hears(panel, heard) {
    joining?.then((client) => client?.tables.hears(panel, heard));
  },
};

// What the page keeps under a panel's prefixes, and a draw's writes kept (storage may be
// refused, as in some private windows: the panel then keeps its things in memory only).
function keptFor(prefixes) {
  const kept = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (prefixes.some((prefix) => key.startsWith(prefix))) kept[key] = localStorage.getItem(key);
    }
  } catch { /* no storage */ }
  return kept;
}

// Whether every write was kept (false: the storage is full or refused).
function keep(store) {
  let kept = true;
  for (const [key, text] of Object.entries(store ?? {})) {
    try { localStorage.setItem(key, text); } catch { kept = false; }
  }
  return kept;
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
// click, by name. Enter in a field presses its form's submit button (a [data-act] button too,
// whose click is answered here instead of sending the form).
function typedFields(body) {
  return Object.fromEntries([...body.querySelectorAll("input[name]")].map(
    (input) => [input.name, input.value]));
}

function wire(panel, number) {
  const start = panel.querySelector(".maca-live-start");
  const status = panel.querySelector(".maca-live-status");
  const body = panel.querySelector(".maca-panel-body");
  const prefixes = (panel.dataset.macaKeeps ?? "").split(" ").filter(Boolean);
  const byServer = panel.dataset.macaHost === "class";
  const transport = byServer ? byClass : inPage;
  const clicks = [];  // the clicks not answered yet, the first one in flight

  function draw(reply) {
    if (reply.type !== "draw") return false;
    classroom?.kept(reply.store);
    if (!keep(reply.store)) status.textContent = panel.dataset.unkept;
    body.innerHTML = reply.html;
    tableCountdown(body, () => send("timeout", "", {}));
    return true;
  }

  // What comes unasked: another player's move drawn (the focus stays on the same button, or
  // the first that can still be used, if it was in the panel), a refusal said, the connection's
  // state said in the status line.
  transport.hears(number, (reply) => {
    if (!panel.classList.contains("maca-live")) return;
    if (reply.type === "state") {
      status.textContent = { open: panel.dataset.ready, lost: panel.dataset.lost,
                             shut: panel.dataset.failed }[reply.state] ?? "";
      return;
    }
    if (reply.type === "error") {
      status.textContent = String(reply.message ?? "");
      return;
    }
    const focus = document.activeElement;
    const inside = body.contains(focus) ? focus.closest("[data-act]") : null;
    if (!draw(reply) || !inside) return;
    focusAgain(body, inside.dataset.act, inside.dataset.value ?? "");
  });

  // A click waits its turn while Python answers the ones before (none is lost); the same
  // button clicked again before its answer counts once. The panel says it is busy meanwhile.
  async function send(act, value, fields) {
    if (clicks.some((click) => click.act === act && click.value === value)) return;
    clicks.push({ act, value, fields });
    if (clicks.length > 1) return;
    panel.setAttribute("aria-busy", "true");
    let last;
    while (clicks.length) {
      last = clicks[0];
      const reply = await transport.ask({ type: "act", panel: number, action: last.act,
                                          value: last.value, fields: last.fields });
      if (reply.type === "failed") {
        clicks.length = 0;
        status.textContent = panel.dataset.failed;
        break;
      }
      // an error: the click was refused and the panel stays as it was; the server says why,
      // until a click of the panel is answered again
      if (draw(reply)) {
        if (byServer) status.textContent = panel.dataset.ready;
      } else if (byServer) {
        status.textContent = String(reply.message ?? "");
      }
      clicks.shift();
    }
    panel.removeAttribute("aria-busy");
    const focus = document.activeElement;
    if (focus === document.body || panel.contains(focus)) focusAgain(body, last.act, last.value);
  }

  start.addEventListener("click", async (event) => {
    start.disabled = true;
    panel.setAttribute("aria-busy", "true");
    status.textContent = panel.dataset.loading;
    const described = JSON.parse(panel.dataset.macaPanel);
    const spec = await ((await joining)?.opening(described) ?? described);
    const reply = await transport.ask({ type: "start", panel: number, spec,
                                        stored: keptFor(prefixes) });
    panel.removeAttribute("aria-busy");
    if (!draw(reply)) {
      if (reply.message) console.error(reply.message);
      status.textContent = panel.dataset.failed;
      start.disabled = false;
      return;
    }
    panel.classList.add("maca-live");
    status.textContent = panel.dataset.ready;
    start.hidden = true;
    body.addEventListener("click", (event) => {
      const target = event.target.closest("[data-act]");
      if (!target || !body.contains(target)) return;
      event.preventDefault();  // a submit button (Enter in a field) sends no form
      send(target.dataset.act, target.dataset.value ?? "", typedFields(body));
    });
    if (event.isTrusted) body.querySelector("[data-act]")?.focus();  // the learner's own click
  });

  // A class panel starts by itself once the class client knows a student is joined here (on
  // a static site, or with nobody joined, it keeps the sentence it was built with).
  if (byServer) joining?.then(async (client) => { if (await client?.student()) start.click(); });
}

const panels = document.querySelectorAll(".maca-panel[data-maca-panel]");
panels.forEach(wire);
// Python starts quietly when a panel of its own comes near the screen, while the learner reads.
const near = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) {
    near.disconnect();
    python();
  }
}, { rootMargin: "800px 0px" });
panels.forEach((panel) => panel.dataset.macaHost !== "class" && near.observe(panel));

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

// A puzzle panel's picture counts the puzzles this computer solved before Python starts: the
// panels keep every solved puzzle's id in one list (maca/panels/puzzles.py SOLVED_KEY, written
// by whichever puzzle page solved it); the picture carries its series' ids and the sentence.
document.querySelectorAll(".maca-puzzle-count[data-maca-solved]").forEach((line) => {
  let solved = [];
  try { solved = JSON.parse(localStorage.getItem("maca-puzzles/solved") ?? "[]"); } catch { /* none */ }
  const mine = new Set(line.dataset.macaSolved.split(" "));
  const count = Array.isArray(solved) ? solved.filter((id) => mine.has(id)).length : 0;
  line.textContent = line.dataset.macaTemplate.replace("{solved}", String(count));
});
