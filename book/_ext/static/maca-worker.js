// Python for the lesson panels of a book page, off the page's main thread: this module worker
// starts Pyodide and maca's wheel (from the site's runtime/ folder, see tools/build_runtime.py,
// as runtime.json says) and answers every message the page posts with maca.panels.host: a JSON
// text {type: "start" | "act", panel: n, …} in, a JSON text {type: "draw" | "error", …} out
// (the protocol is in maca/panels/host.py). One worker serves every panel of the page; it
// starts loading as soon as the page creates it, and messages wait, in order, until it is ready.
// When Python cannot start at all, every message is answered {type: "failed", panel: n}.
const runtime = new URL("../runtime/", import.meta.url);

async function startPython() {
  const where = await (await fetch(new URL("runtime.json", runtime))).json();
  const home = new URL(where.pyodide, runtime).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", home).href);
  const py = await loadPyodide({ indexURL: home });
  await py.loadPackage(new URL(where.wheel, runtime).href);
  const host = py.pyimport("maca.panels.host");
  const panels = host.Host();
  return (text) => host.handle_json(panels, text);
}

const ready = startPython();
ready.catch((error) => console.error(error));

self.addEventListener("message", async ({ data }) => {
  let handle;
  try {
    handle = await ready;
  } catch {
    self.postMessage(JSON.stringify({ type: "failed", panel: JSON.parse(data).panel }));
    return;
  }
  try {
    self.postMessage(handle(data));
  } catch (error) {  // a fault in Python, not a refusal: the panel stays as it was
    console.error(error);
    self.postMessage(JSON.stringify({ type: "error", panel: JSON.parse(data).panel,
                                      message: String(error) }));
  }
});
