// The class client: everything a book page says to the class server (maca/server, `python -m maca
// class serve`). On the exercises page, the page's class box (maca.panels.exercise.class_box,
// its words in data-words) lets a student join with the class code and their join code. A joined
// student's assigned sets open as them (the class's course, the assignment's name, their id:
// the same variant the server grades; locked), and every answers file those sets write goes to
// the server: first into an outbox in local storage (maca-class/outbox/<id>, the save message),
// then over the student socket (ws/student), and out of the outbox only when the server says it
// has saved that id. So an answer given while the network or the server is away is sent when it
// comes back, and a resend counts once (the server knows each id). Sign out leaves nothing of
// the student in this browser. On the play page, the class tables' panel (data-maca-host="class")
// is carried by the tables socket (ws/tables, below) instead of the page's Python. On a plain
// static site the client asks one question (api/class/hello, which the site answers itself: no
// class server) and does nothing else. maca-live.js loads it and calls opening(spec) before a
// panel starts, kept(store) with each draw's writes before it keeps them, student() to know
// whether a student is joined, and `tables` to carry a class panel's messages.
const root = new URL("../", import.meta.url);  // the site's root: _static/ is in it
const box = document.querySelector(".maca-class");   // the exercises page's class box, or none
const words = box ? JSON.parse(box.dataset.words) : {};
const lang = (box ?? document.querySelector('.maca-panel[data-maca-host="class"]'))?.lang || "tr";
const CLASS = "maca-class/";
const JOINED = "maca-class/joined";        // the join answer: {student, assignments}
const OUTBOX = "maca-class/outbox/";       // a save message per answers file not yet saved
const ANSWERS = "maca-answers/";           // the exercise panels' answers files
const HEARTBEAT_MS = 10_000;               // a ping this often; two without a pong: reconnect

let joined = null;          // the join answer while a student is joined
let sentOnce = false;       // something was confirmed since the page opened
let signingOut = false;     // the first press of "sign out" with answers still waiting
const scores = new Map();   // assignment id → the server's {score, max_score}
let problem = "";           // the server's last refusal of a save, in the student's language

function say(key, fields = {}) {
  return Object.entries(fields).reduce(
    (text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), words[key]);
}

// Local storage, which may be refused (some private windows): the class then works without it.
function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function write(key, text) {
  try { localStorage.setItem(key, text); return true; } catch { return false; }
}

function keys(prefix) {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key.startsWith(prefix)) found.push(key);
    }
  } catch { /* no storage */ }
  return found;
}

function forget(prefixes) {
  const gone = prefixes.flatMap(keys);
  gone.forEach((key) => { try { localStorage.removeItem(key); } catch { /* no storage */ } });
}

// The api/ and ws/ addresses of the class server, relative to the site, in the page's language.
function address(path, socketAddress = false) {
  const url = new URL(path, root);
  url.searchParams.set("lang", lang);
  if (socketAddress) url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url;
}

async function call(path, body) {
  const response = await fetch(address(path), {
    method: body === undefined ? "GET" : "POST", cache: "no-store", credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(8000),
  });
  let data = null;
  try { data = await response.json(); } catch { /* not JSON */ }
  return { status: response.status, data };
}

// A save's id: a random UUID (crypto.randomUUID exists only on HTTPS or this computer's own
// addresses; a class server on the school's network may be plain HTTP).
function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// -- the outbox -------------------------------------------------------------------------------
// Each entry is the save message plus "at" (when it was given), so the outbox goes in order.
function outbox() {
  return keys(OUTBOX).map((key) => {
    try { return JSON.parse(read(key)); } catch { return null; }
  }).filter((entry) => entry?.id).sort((a, b) => a.at - b.at);
}

let clock = 0;
function post(assignment, file) {
  clock = Math.max(Date.now(), clock + 1);
  const entry = { type: "save", id: newId(), assignment: assignment.id, file, at: clock };
  write(OUTBOX + entry.id, JSON.stringify(entry));
  send(entry);
  show();
}

function send(entry) {
  if (!studentSocket.open || sent.has(entry.id)) return;
  const { at, ...message } = entry;
  sent.add(entry.id);
  studentSocket.send(message);
}

// The assignment an answers file belongs to: the joined student's own, of an assigned set.
function assignmentOf(text) {
  let file;
  try { file = JSON.parse(text); } catch { return null; }
  const { student } = joined;
  if (file?.course !== student.course || file?.student_id !== student.id) return null;
  return joined.assignments.find((a) => a.name === file.assignment && a.set === file.set) ?? null;
}

// The assignment a set opens as: the newest one of that set.
function assignmentFor(set) {
  return joined?.assignments.filter((a) => a.set === set).at(-1) ?? null;
}

// -- sockets that last -----------------------------------------------------------------------
// A socket to the class server is opened again when it is lost (closed, or silent for two
// pings): after a quarter of a second, then longer each time, up to 8 s. None is tried between
// the browser's "offline" and "online" events. (navigator.onLine itself is not asked: it says
// false from the start on a computer whose only network is its own, loopback, where a class
// server may well run.) A socket the server closes for good — 4401: it does not know the
// student; 4403: another site's page — is not tried again until it is started again.
let offline = false;
const lastingSockets = new Set();
addEventListener("online", () => {
  offline = false;
  lastingSockets.forEach((made) => made.online());
});
addEventListener("offline", () => {
  offline = true;
  lastingSockets.forEach((made) => made.offline());
});

// A lasting socket to `path`; hooks: open(), message(reply), lost(), shut() (closed for good).
function lasting(path, hooks) {
  let socket = null;          // open or opening
  let open = false;
  let wanted = false;         // started, and not shut since
  let backoff = 0;            // reconnect attempts since the last open socket
  let again = null;           // the reconnect timer

  function connect() {
    clearTimeout(again);
    if (!wanted || socket || offline) return;
    const ws = new WebSocket(address(path, true));
    socket = ws;
    let answered = Date.now();
    let opened = false;         // this socket was accepted
    const beat = setInterval(() => {
      if (Date.now() - answered > 2 * HEARTBEAT_MS) return drop(ws);
      if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
    }, HEARTBEAT_MS);
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      opened = true;
      open = true;
      backoff = 0;
      answered = Date.now();
      hooks.open();
    });
    ws.addEventListener("message", ({ data }) => {
      if (socket !== ws) return;
      answered = Date.now();
      let reply;
      try { reply = JSON.parse(data); } catch { return; }
      hooks.message(reply);
    });
    ws.addEventListener("close", ({ code }) => {
      clearInterval(beat);
      if (socket !== ws) return;
      if (code === 4401 || code === 4403) return shut(ws);
      if (opened) return drop(ws);
      // A handshake the server refused reaches the page as 1006 (the 4401 it says before
      // accepting never arrives): if the server answers but no longer knows the student
      // (signed out, or the session ended), stop for good; else try again later.
      call("api/class/me").then(({ status }) => (status === 401 ? shut(ws) : drop(ws)),
                                () => drop(ws));
    });
  }

  // The server will not have this socket: stop until started again.
  function shut(ws) {
    if (socket !== ws) return;
    socket = null;
    open = false;
    wanted = false;
    hooks.shut();
  }

  // The socket is lost: a new one after a while, longer each time.
  function drop(ws) {
    if (socket !== ws) return;
    socket = null;
    open = false;
    try { ws.close(); } catch { /* already closed */ }
    hooks.lost();
    const wait = Math.min(8000, 250 * 2 ** backoff) * (0.5 + Math.random() / 2);
    backoff += 1;
    again = setTimeout(connect, wait);
  }

  const made = {
    get open() { return open; },
    start() { wanted = true; connect(); },
    // Whether the message went (false: no socket open now).
    send(message) {
      if (open) socket.send(JSON.stringify(message));
      return open;
    },
    online() { backoff = 0; connect(); },
    offline() { if (socket) drop(socket); },
  };
  lastingSockets.add(made);
  return made;
}

// -- the student socket: the outbox's saves ---------------------------------------------------
const sent = new Set();     // ids sent on the socket now open
const studentSocket = lasting("ws/student", {
  open() {
    sent.clear();
    outbox().forEach(send);
    show();
  },
  message(reply) {
    if (reply.type !== "saved" && reply.type !== "error") return;
    const entry = read(OUTBOX + reply.id);
    forget([OUTBOX + reply.id]);
    if (reply.type === "saved") {
      sentOnce = true;
      let assignment = null;
      try { assignment = JSON.parse(entry)?.assignment; } catch { /* gone already */ }
      if (assignment !== null) scores.set(assignment, reply);
      problem = "";
      showJoined();   // the server's score in the list of assignments
    } else {
      problem = String(reply.message ?? "");
      show();
    }
  },
  lost: () => show(),
  shut: () => ended(),   // the session is gone: join again
});

// -- the tables socket: the class tables' panels ----------------------------------------------
// A panel marked data-maca-host="class" (the play page's class tables) is carried by the class
// server instead of the page's Python: maca-live.js asks `tables` as it asks its worker, in
// the messages of maca/panels/host.py, and each act gets an id which its answer carries back.
// The server also draws by itself (a draw without an id) when another player moves, the lobby
// changes or a timer runs out: those go to the panel's hears(). Every socket opened starts the
// panels again — the server knows the student's seat by their cookie, so a reload or a
// reconnect is back at the same seat with the whole state — and sends again the act still
// waiting, with the same id (the server answers an id it has seen without applying it twice).
const started = new Map();    // panel number → its start message
const inFlight = new Map();   // panel number → {message, answer}: its one unanswered message
const hearing = new Map();    // panel number → heard(reply): draws not asked for, and states

function tell(state) {
  hearing.forEach((heard) => heard({ type: "state", state }));
}

// The card faces the seat drawings refer to (<use href="#maca-QS">), sent first on each
// connection: held once in the page, out of sight.
function holdFaces(html) {
  let holder = document.getElementById("maca-faces");
  if (!holder) {
    holder = document.createElement("div");
    holder.id = "maca-faces";
    document.body.append(holder);
  }
  holder.innerHTML = String(html ?? "");
}

const tableSocket = lasting("ws/tables", {
  open() {
    started.forEach((start, panel) => {
      tableSocket.send(start);
      const waiting = inFlight.get(panel);
      if (waiting && waiting.message !== start) tableSocket.send(waiting.message);
    });
    tell("open");
  },
  message(reply) {
    if (reply?.type === "faces") return holdFaces(reply.html);
    if (!Number.isInteger(reply?.panel)) return;   // a pong, or about no panel
    const waiting = inFlight.get(reply.panel);
    if (waiting && (waiting.message.type === "start" || reply.id === waiting.message.id)) {
      inFlight.delete(reply.panel);
      waiting.answer(reply);
    } else {
      hearing.get(reply.panel)?.(reply);
    }
  },
  lost: () => tell("lost"),
  shut() {   // the server does not know the student (any more): every panel waiting fails
    inFlight.forEach(({ answer }, panel) => answer({ type: "failed", panel }));
    inFlight.clear();
    tell("shut");
  },
});

// The class panels' transport: ask(message) → its answer (draw, error, or failed when the server
// will not have this page); hears(panel, heard) for the rest ({type: "state", state: "open" |
// "lost" | "shut"} when the socket opens, is lost and tried again, or is shut for good).
export const tables = {
  ask(message) {
    return new Promise((answer) => {
      const sending = message.type === "start" ? message : { ...message, id: newId() };
      if (message.type === "start") started.set(message.panel, message);
      inFlight.set(message.panel, { message: sending, answer });
      if (!tableSocket.send(sending)) tableSocket.start();   // it goes when the socket opens
    });
  },
  hears(panel, heard) {
    hearing.set(panel, heard);
  },
};

// -- what the page shows ----------------------------------------------------------------------
const form = box?.querySelector(".maca-class-join");
const inside = box?.querySelector(".maca-class-joined");

function setsOnPage() {
  return [...document.querySelectorAll(".maca-panel[data-maca-panel]")].map((panel) => {
    const spec = JSON.parse(panel.dataset.macaPanel);
    return spec.panel === "exercise_set" ? { panel, set: spec.name } : null;
  }).filter(Boolean);
}

function waitingText(n) {
  return n === 1 ? say("waiting_one") : say("waiting", { n });
}

function show() {
  box.hidden = false;
  form.hidden = Boolean(joined);
  inside.hidden = !joined;
  if (!joined) return;
  const pending = outbox();
  const status = pending.length === 0 ? (sentOnce ? say("saved") : "")
    : studentSocket.open ? say("sending") : waitingText(pending.length);
  const where = inside.querySelector(".maca-class-status");
  if (where.textContent !== status) where.textContent = status;
  const alert = inside.querySelector(".maca-class-problem");
  const warn = signingOut ? say("signout_pending", { n: pending.length }) : problem;
  if (alert.textContent !== warn) alert.textContent = warn;
  for (const { panel, set } of setsOnPage()) {
    const assignment = assignmentFor(set);
    const line = panel.querySelector(".maca-class-saved");
    if (!assignment || !line) continue;
    const mine = pending.filter((entry) => entry.assignment === assignment.id).length;
    const text = mine === 0 ? (sentOnce ? say("saved") : "")
      : studentSocket.open ? say("sending") : waitingText(mine);
    if (line.textContent !== text) line.textContent = text;
  }
}

function dueText(due) {
  const when = new Date(due);
  return Number.isNaN(when.getTime()) ? String(due)
    : when.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}

function showJoined() {
  const { student, assignments } = joined;
  inside.querySelector(".maca-class-who").textContent =
    say("hello", { name: student.name, course: student.course });
  const list = inside.querySelector(".maca-class-assignments");
  const sets = new Map(setsOnPage().map((found) => [found.set, found.panel]));
  list.replaceChildren(...(assignments.length ? assignments : [null]).map((assignment) => {
    const item = document.createElement("li");
    if (!assignment) {
      item.textContent = say("no_assignments");
      return item;
    }
    const panel = sets.get(assignment.set);
    const link = document.createElement("a");
    link.textContent = panel?.getAttribute("aria-label") ?? assignment.set;
    const section = panel?.closest("section[id]");
    if (section) link.href = `#${section.id}`;
    const parts = [say("assignment", { name: assignment.name })];
    if (assignment.due) parts.push(say("due", { due: dueText(assignment.due) }));
    const score = scores.get(assignment.id) ?? assignment;
    if (Number.isInteger(score.score) && Number.isInteger(score.max_score)) {
      parts.push(say("points", { score: score.score, max: score.max_score }));
    }
    item.append(link, ` — ${parts.join(" · ")}`);
    return item;
  }));
  // each assigned set says on its bar whether its answers have reached the server
  for (const { panel, set } of setsOnPage()) {
    if (!assignmentFor(set) || panel.querySelector(".maca-class-saved")) continue;
    const line = document.createElement("span");
    line.className = "maca-class-saved";
    line.setAttribute("role", "status");
    line.style.cssText = "font-size:.92em;color:#1e3a8a";
    panel.querySelector(".maca-live-bar").append(line);
  }
  show();
}

// The server's own latest answers file of each assigned set goes back into the browser, so a
// student on another computer finds theirs; answers here that still wait to be sent stay, and
// a file of another assignment under the same name (practice as the same id) makes way.
function restoreFiles() {
  const waiting = new Set(outbox().map((entry) => entry.assignment));
  const sets = new Set(joined.assignments.map((assignment) => assignment.set));
  for (const assignment of [...sets].map(assignmentFor)) {
    if (!assignment.file_name) continue;
    const key = ANSWERS + assignment.file_name;
    const here = read(key);
    const ours = here !== null && assignmentOf(here)?.id === assignment.id;
    if (ours && waiting.has(assignment.id)) continue;
    if (assignment.file) write(key, assignment.file);
    else if (here !== null && !ours) forget([key]);
  }
}

// The student's assigned sets come alive by themselves, as them.
function startAssigned() {
  for (const { panel, set } of setsOnPage()) {
    const start = panel.querySelector(".maca-live-start");
    if (assignmentFor(set) && !start.hidden && !start.disabled) start.click();
  }
}

function remember(answer) {
  joined = { student: answer.student, assignments: answer.assignments };
  write(JOINED, JSON.stringify(joined));
}

// Everything of a student this browser keeps: the class's keys and the exercise panels'
// (their answers files and who they said they were), by the prefixes the panels keep under.
function wipe() {
  const kept = setsOnPage().flatMap(({ panel }) => (panel.dataset.macaKeeps ?? "").split(" "));
  forget([CLASS, ANSWERS, ...kept.filter(Boolean)]);
}

// The server no longer knows the session (signed out elsewhere): join again. Nothing of the
// student stays here unless answers still wait to be sent (a rejoin sends them).
function ended() {
  joined = null;
  if (!outbox().length) wipe();
  show();
  form.querySelector(".maca-class-problem").textContent = say("ended");
}

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const problemLine = form.querySelector(".maca-class-problem");
  const button = form.querySelector("button[type=submit]");
  const fields = Object.fromEntries(new FormData(form));
  button.disabled = true;
  problemLine.textContent = "";
  let answer;
  try {
    answer = await call("api/class/join", {
      class_code: String(fields.class_code).trim(), join_code: String(fields.join_code).trim(),
    });
  } catch {
    answer = null;
  }
  button.disabled = false;
  if (answer?.status !== 200 || !answer.data?.student) {
    problemLine.textContent = answer === null ? say("unreachable")
      : String(answer.data?.message ?? answer.data?.error ?? say("refused"));
    return;
  }
  let before = null;
  try { before = JSON.parse(read(JOINED)); } catch { /* none */ }
  if (before?.student?.id !== answer.data.student.id
      || before?.student?.course !== answer.data.student.course) wipe();  // someone else's
  remember(answer.data);
  location.reload();   // the sets open again, as this student
});

inside?.querySelector(".maca-class-signout").addEventListener("click", async () => {
  if (outbox().length && !signingOut) {
    signingOut = true;
    show();
    return;
  }
  try { await call("api/class/signout", {}); } catch { /* the browser forgets it anyway */ }
  wipe();
  location.reload();
});

// -- opening the page -------------------------------------------------------------------------
async function begin() {
  let hello = null;
  try {
    hello = (await call("api/class/hello")).data;
  } catch { /* no answer */ }
  if (!box) {   // the play page: only whether a student is joined (the server knows the cookie)
    if (hello?.class_server !== true) return;
    let me = null;
    try { me = await call("api/class/me"); } catch { /* not now */ }
    if (me?.status === 200 && me.data?.student) joined = me.data;
    return;
  }
  let before = null;
  try { before = JSON.parse(read(JOINED)); } catch { /* none */ }
  if (hello?.class_server !== true) {
    // a static site, or a class server not answering now: a joined student's page keeps
    // trying to send what waits in its outbox
    if (hello !== null || !before?.student) return;
    joined = before;
    showJoined();
    studentSocket.start();
    return;
  }
  if (before?.student) {
    let me = null;
    try { me = await call("api/class/me"); } catch { /* not now */ }
    if (me?.status === 200 && me.data?.student) {
      remember(me.data);
    } else if (me?.status === 401) {
      ended();
      return;
    } else {
      joined = before;
    }
    restoreFiles();
    showJoined();
    studentSocket.start();
    startAssigned();
    return;
  }
  show();
}

const ready = begin();

// -- the hooks maca-live.js calls -------------------------------------------------------------
// The description a set starts from: an assigned set opens as the joined student, locked.
export async function opening(spec) {
  await ready;
  const assignment = spec.panel === "exercise_set" ? assignmentFor(spec.name) : null;
  if (!assignment) return spec;
  return { ...spec, course: joined.student.course, assignment: assignment.name,
           student: joined.student.id, locked: true };
}

// A draw's writes, before the page keeps them: each changed answers file of an assignment goes
// into the outbox and to the server.
export function kept(store) {
  if (!joined || !box) return;
  for (const [key, text] of Object.entries(store ?? {})) {
    if (!key.startsWith(ANSWERS) || read(key) === text) continue;
    const assignment = assignmentOf(text);
    if (assignment) post(assignment, text);
  }
}

// The joined student ({id, name, course}), or null: a static site, or nobody joined here.
export async function student() {
  await ready;
  return joined?.student ?? null;
}
