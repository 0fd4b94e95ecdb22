// A Game of Requirements in the browser: tiles, two-sided coins and the Pool, drawn from one
// seat's view alone. A coin shows its exposed side; its hidden side is a back ("?") unless
// this seat has looked at it (marked "seen by you") or it was proven (public).
"use strict";
window.gamenightBoards = window.gamenightBoards || {};
window.gamenightBoards.requirements = function (view, ctx) {
  const el = ctx.el;

  function tile(traits, label) {
    const node = el("span", { class: "tile", role: "img", "aria-label": (label || "tile") + ": " + traits.join(" and ") });
    for (const trait of traits) node.append(el("span", {}, trait));
    return node;
  }

  function coin(data) {
    const seenByMe = view.viewer !== null && data.seen_by.includes(view.viewer);
    const classes = ["coin"];
    if (data.proven) classes.push("proven");
    else if (seenByMe) classes.push("seen");
    let under;
    let words;
    if (data.down === null) {
      under = el("span", { class: "down unknown" }, "▾ ?");
      words = "coin showing " + data.up + ", hidden side unknown to you";
    } else {
      const how = data.proven ? "proven" : "seen by you";
      under = el("span", { class: "down" }, "▾ " + data.down);
      under.append(el("em", { class: "how" }, data.proven ? "proven" : "seen"));
      words = "coin showing " + data.up + ", hidden side " + data.down + " (" + how + ")";
    }
    const others = data.seen_by.filter((s) => s !== view.viewer);
    if (others.length && !data.proven) words += "; looked at by " + others.map(ctx.seatName).join(", ");
    const node = el("span", { class: classes.join(" "), role: "img", "aria-label": words, title: words });
    node.dataset.up = data.up;
    if (data.down !== null) node.dataset.down = data.down;
    node.append(el("strong", { class: "up" }, data.up), under);
    return node;
  }

  function zone(title, children, cls) {
    const box = el("div", { class: "zone " + (cls || "") });
    box.append(el("h3", {}, title));
    const row = el("div", { class: "coins" });
    if (!children.length) row.append(el("span", { class: "hint-light" }, "empty"));
    row.append(...children);
    box.append(row);
    return box;
  }

  const root = el("div", { class: "requirements" });
  const middle = el("div", { class: "zone centre" });
  middle.append(el("h3", {}, "Round " + view.round + " · phase: " + view.phase +
    (view.end ? " · " + view.end : "")));
  const row = el("div", { class: "tiles" });
  if (view.requirement) row.append(el("span", {}, "Requirement: "), tile(view.requirement, "the Requirement"));
  row.append(el("span", { class: "tile back", role: "img", "aria-label": view.stack + " tiles face down in the stack" }, "stack: " + view.stack));
  middle.append(row);
  root.append(middle);

  const pool = el("div", { class: "zone" });
  pool.append(el("h3", {}, "Pool of Lies (coins by exposed side; hidden sides unknown)"));
  const stacks = el("div", { class: "pool" });
  for (const [trait, count] of Object.entries(view.pool)) {
    stacks.append(el("span", { class: "stack", "aria-label": count + " coins showing " + trait }, trait + " × " + count));
  }
  pool.append(stacks);
  root.append(pool);

  root.append(zone("Failed Requirements (" + view.failed.length + " of " + view.failure_limit + ")",
    view.failed.map((t) => tile(t, "failed"))));
  // R11: a payment is picked coin by coin from the payer's Reserve; say what is chosen so far
  // and what each chosen coin pays for (the view's "paying": the need being paid now, and the
  // Reserve positions routed to each of the Requirement's two traits).
  const chosenFor = {};
  if (view.paying && view.requirement) {
    const payer = view.seats[view.actor];
    const parts = view.paying.routes.map((positions, need) => {
      for (const at of positions) chosenFor[at] = view.requirement[need];
      const coins = positions.map((at) => "Reserve coin " + (at + 1) + " (" + payer.reserve[at].up + ")");
      return "for " + view.requirement[need] + ": " + (coins.length ? coins.join(", ") : "nothing yet");
    });
    const who = view.actor === view.viewer ? "You are" : ctx.seatName(view.actor) + " is";
    root.append(el("p", { class: "paying", "aria-live": "polite" }, who + " paying for the Requirement, now for " +
      view.requirement[view.paying.need] + ". Chosen so far " + parts.join("; ") + "."));
  }

  function reserveCoin(data, at, index) {
    const node = coin(data);
    const pays = index === view.actor ? chosenFor[at] : undefined;
    if (pays !== undefined) {
      node.classList.add("chosen");
      node.dataset.pays = pays;
      node.setAttribute("aria-label", node.getAttribute("aria-label") + "; chosen to pay for " + pays);
      node.append(el("em", { class: "pays" }, "pays " + pays));
    }
    return node;
  }

  view.seats.forEach((seat, index) => {
    const mine = index === view.viewer;
    const area = el("section", { class: "seat-area" + (mine ? " me" : ""), "aria-label": ctx.seatName(index) });
    const head = ctx.seatName(index) + " · score " + view.scores[index] +
      (view.actor === index ? " · to act" : "") + (view.claimant === index ? " · claims “It's done!”" : "") +
      (view.first_player === index ? " · first player" : "");
    area.append(el("h3", {}, head));
    area.append(zone("Reserve", seat.reserve.map((data, at) => reserveCoin(data, at, index))));
    area.append(zone("Bid", seat.bid.map(coin)));
    seat.accomplishments.forEach((acc, n) => {
      const box = zone("Accomplishment " + (n + 1) + " (Greatness " + acc.tiles.length + " × Spectacle " + acc.coins.length + ")",
        acc.coins.map(coin));
      const tiles = el("div", { class: "tiles" });
      tiles.append(...acc.tiles.map((t) => tile(t, "accomplishment tile")));
      box.insertBefore(tiles, box.lastChild);
      area.append(box);
    });
    root.append(area);
  });
  if (view.discard.length) root.append(zone("Discard", view.discard.map(coin)));
  return root;
};
