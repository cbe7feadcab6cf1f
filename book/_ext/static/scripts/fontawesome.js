/* maca's stand-in for the theme's Font Awesome script (1.5 MB, every icon): the theme's
 * pages use a dozen icons, drawn here as small inline SVGs. Sphinx copies this file over the
 * theme's `_static/scripts/fontawesome.js`. Like the original, it turns each
 * `<i class="fa-solid fa-NAME">` (now or added later) into an `<svg>` with the same classes
 * and data attributes; the icons are decoration (aria-hidden), the buttons carry the names. */
(() => {
  const ICONS = {
    "magnifying-glass": '<circle cx="6.5" cy="6.5" r="4.5"/><path d="M10 10l4.5 4.5"/>',
    "bars": '<path d="M2 4h12M2 8h12M2 12h12"/>',
    "list": '<path d="M5.5 4H14M5.5 8H14M5.5 12H14M2 4h.5M2 8h.5M2 12h.5"/>',
    "sun": '<circle cx="8" cy="8" r="3"/><path d="M8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6 13 13M3 13l1.4-1.4M11.6 4.4 13 3"/>',
    "moon": '<path d="M13.5 10.5A6 6 0 0 1 5.5 2.5a6 6 0 1 0 8 8z"/>',
    "circle-half-stroke": '<circle cx="8" cy="8" r="6"/><path d="M8 2a6 6 0 0 0 0 12z" fill="currentColor"/>',
    "arrow-up": '<path d="M8 14V2M3 7l5-5 5 5"/>',
    "angle-left": '<path d="M10 3 5 8l5 5"/>',
    "angle-right": '<path d="m6 3 5 5-5 5"/>',
    "chevron-down": '<path d="m3 6 5 5 5-5"/>',
    "outdent": '<path d="M7 4h7M7 8h7M7 12h7M5 5.5 2 8l3 2.5"/>',
    "xmark": '<path d="m3.5 3.5 9 9M12.5 3.5l-9 9"/>',
  };
  const SVG = "http://www.w3.org/2000/svg";

  function draw(icon) {
    const name = [...icon.classList].map(c => c.slice(3)).find(c => c in ICONS);
    if (!name) return;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 16 16");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("class", `${icon.className} maca-icon`);
    for (const { name: attr, value } of icon.attributes) {
      if (attr.startsWith("data-")) svg.setAttribute(attr, value);
    }
    svg.innerHTML = ICONS[name];
    icon.replaceWith(svg);
  }

  const drawAll = root => root.querySelectorAll?.("i[class*='fa-']").forEach(draw);
  drawAll(document);
  new MutationObserver(changes => changes.forEach(change => change.addedNodes.forEach(node => {
    if (node.nodeType !== 1) return;
    if (node.matches("i[class*='fa-']")) draw(node); else drawAll(node);
  }))).observe(document.documentElement, { childList: true, subtree: true });
})();
