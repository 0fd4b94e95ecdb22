// Pink Godzilla Dev Kit in the browser: the Resource Row, hands, videogames in progress and the
// auction, drawn from one seat's view alone. Another player's hand is backs, except the cards
// this seat has seen in it (marked "seen"); a committed bid is a back until it is revealed.
"use strict";
window.gamenightBoards = window.gamenightBoards || {};
window.gamenightBoards.pgdk = function (view, ctx) {
  const el = ctx.el;
  const back = ctx.back;
  const row = ctx.row;

  function card(name, note) {
    const node = el("span", { class: "card pg", role: "img", "aria-label": name + (note ? " (" + note + ")" : "") }, name);
    node.dataset.card = name;
    if (note) node.append(el("em", { class: "how" }, note));
    return node;
  }



  function project(p, n) {
    const box = el("div", { class: "project" + (p.ready ? " ready" : ""),
      "aria-label": "videogame in progress " + (n + 1) + ", value " + p.value });
    box.append(el("div", { class: "small" }, "Videogame " + (n + 1) + " · " + (p.colours || "-") +
      " · value " + p.value + (p.ready ? " · ready" : "")));
    const line = el("div", { class: "coins" });
    line.append(...p.cards.map((c) => card(c)));
    box.append(line);
    return box;
  }

  const root = el("div", { class: "pgdk" });
  root.append(el("h3", {}, "Turn " + view.turn + " · phase: " + view.phase + " · deck " + view.deck +
    " · videogames to end: " + view.games_to_end + (view.end ? " · " + view.end : "")));
  root.append(row("Resource Row", (view.row || []).map((c) => card(c))));
  if (view.auction && view.auction.length) root.append(row("Up for auction", view.auction.map((c) => card(c))));
  if (view.offer && view.offer.length) root.append(row("On offer", view.offer.map((c) => card(c))));
  if (view.phase === "offer" && view.take) {
    // R7: a trade is offered card by card; say what is offered so far for which Row card.
    const who = view.active === view.viewer ? "You are" : ctx.seatName(view.active) + " is";
    const so_far = view.offer.length ? view.offer.join(", ") : "nothing yet";
    root.append(el("p", { class: "offering", "aria-live": "polite" }, who + " trading for " + view.take +
      " from the Resource Row. Offered so far: " + so_far + "."));
  }

  view.seats.forEach((seat, index) => {
    const mine = index === view.viewer;
    const area = el("section", { class: "seat-area" + (mine ? " me" : ""), "aria-label": ctx.seatName(index) });
    area.append(el("h3", {}, ctx.seatName(index) + " · " + seat.points + " points" +
      (view.active === index ? " · active" : "") + (seat.committed ? " · has committed" : "")));
    if (mine && view.hand) {
      area.append(row("Your hand", view.hand.map((c) => card(c.card, c.public ? "shown to all" :
        (c.seen_by.filter((s) => s !== view.viewer).length ? "seen by others" : (c.locked ? "locked" : ""))))));
      if (view.bid && view.bid.cards && view.bid.cards.length) {
        area.append(row("Your bid (face down)", view.bid.cards.map((c) => card(String(c.card || c), "yours"))));
      }
    } else {
      const known = (seat.known || []).map((c) => card(c.card, "seen"));
      const unknown = Math.max(0, seat.hand_size - known.length);
      const backs = [];
      for (let i = 0; i < unknown; i++) backs.push(back("a card in " + ctx.seatName(index) + "'s hand"));
      area.append(row("Hand (" + seat.hand_size + ")", [...known, ...backs]));
    }
    const projects = el("div", { class: "zone" });
    projects.append(el("h3", {}, "Videogames in progress"));
    seat.projects.forEach((p, n) => projects.append(project(p, n)));
    if (!seat.projects.length) projects.append(el("span", {}, "none"));
    area.append(projects);
    if (seat.completed.length) area.append(row("Completed videogames", seat.completed.map((c) => card(typeof c === "string" ? c : JSON.stringify(c)))));
    if (seat.specials.length) area.append(row("Specials and Clones", seat.specials.map((c) => card(typeof c === "string" ? c : JSON.stringify(c)))));
    root.append(area);
  });
  if (view.discard && view.discard.length) root.append(row("Discard", view.discard.map((c) => card(c))));
  return root;
};

// G25: 'offer cancel' is the engine's own way back out of a trade; the table page shows it as
// a back control. No other action of this game undoes anything.
window.gamenightBackActions = window.gamenightBackActions || {};
window.gamenightBackActions.pgdk = {
  "offer cancel": "Back: give up this trade (the offered cards stay in your hand)",
};
