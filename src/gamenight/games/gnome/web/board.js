// G.Nome in the browser: the Research cards on offer, each gnome's Teamwork cards and Research,
// drawn from one seat's view alone. A committed Teamwork card is a back until it is revealed,
// except this seat's own, marked "yours"; a secret Research card is a back to everyone else.
"use strict";
window.gamenightBoards = window.gamenightBoards || {};
window.gamenightBoards.gnome = function (view, ctx) {
  const el = ctx.el;
  const back = ctx.back;
  const row = ctx.row;

  function research(colour, note) {
    const node = el("span", { class: "card research colour-" + String(colour).toLowerCase(),
      role: "img", "aria-label": "Research card " + colour + (note ? " (" + note + ")" : "") }, colour);
    if (note) node.append(el("em", { class: "how" }, note));
    return node;
  }

  function teamwork(value, cls, label) {
    return el("span", { class: "card teamwork " + (cls || ""), role: "img", "aria-label": label || "Teamwork card " + value }, String(value));
  }



  const root = el("div", { class: "gnome" });
  root.append(el("h3", {}, "Round " + view.round + " of " + view.rounds + " · phase: " + view.phase +
    " · deck " + view.deck + (view.end ? " · " + view.end : "")));
  root.append(row("Research on offer", (view.offer || []).map((c) => research(c))));
  if (view.shared && view.shared.length) root.append(row("Shared Research", view.shared.map((s) => research(s.card, "shared by " + s.seats.map(ctx.seatName).join(" and ")))));
  root.append(row("Discarded Research", (view.discard || []).map((c) => research(c))));

  view.seats.forEach((seat, index) => {
    const mine = index === view.viewer;
    const area = el("section", { class: "seat-area" + (mine ? " me" : ""), "aria-label": ctx.seatName(index) });
    const waiting = (view.waiting || []).includes(index);
    const status = seat.committed ? "has committed" : (waiting ? "choosing" : "");
    area.append(el("h3", {}, ctx.seatName(index) + " · score " + seat.score +
      (seat.partner !== null && seat.partner !== undefined ? " · partner " + ctx.seatName(seat.partner) : "") +
      (status ? " · " + status : "")));
    const committed = [];
    if (seat.committed) {
      committed.push(mine && view.my_commitment !== null
        ? teamwork(view.my_commitment, "seen", "your committed Teamwork card " + view.my_commitment)
        : back("a committed Teamwork card, face down"));
    }
    area.append(row("Committed", committed));
    area.append(row("Teamwork cards played", seat.played.map((v) => teamwork(v, "played"))));
    area.append(row(mine ? "Your Teamwork cards" : "Teamwork cards left", seat.unrevealed.map((v) => teamwork(v, mine ? "in-hand" : "small"))));
    const cards = seat.individual.map((c) => research(c));
    if (seat.secret) cards.push(research(seat.secret, mine ? "your secret" : "secret"));
    else if (seat.has_secret) cards.push(back("a secret Research card, face down"));
    area.append(row("Research", cards));
    root.append(area);
  });
  return root;
};
