// What every page that draws a board shares: building elements, and the pieces several
// games' boards draw alike (a titled row of things, a face-down card). Loaded before
// table.js and replay.js, which hand these to each game's board in its context.
"use strict";
window.gamenightKit = (function () {
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function back(label) {
    return el("span", { class: "card back", role: "img", "aria-label": label }, "?");
  }

  function row(title, items) {
    const box = el("div", { class: "zone" });
    box.append(el("h3", {}, title));
    const line = el("div", { class: "coins" });
    if (!items.length) line.append(el("span", {}, "none"));
    line.append(...items);
    box.append(line);
    return box;
  }

  return { el: el, back: back, row: row };
})();
