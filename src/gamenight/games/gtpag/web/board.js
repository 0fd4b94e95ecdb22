// Game to Pick a Game in the browser: the Nominations with their chips, drawn from one seat's
// view alone. A face-down chip is a back ("?") unless this seat owns it or has looked at it
// (marked "seen"); a face-up chip shows its kind to everyone.
"use strict";
window.gamenightBoards = window.gamenightBoards || {};
window.gamenightBoards.gtpag = function (view, ctx) {
  const el = ctx.el;
  const character = (seat) => {
    const s = view.seats[seat];
    return ctx.seatName(seat) + " (" + s.name + ")";
  };

  function chip(data) {
    const mine = data.owner === view.viewer;
    const classes = ["chip", data.face_up ? "face-up" : "face-down"];
    let words;
    let label;
    if (data.face_up) {
      label = data.kind;
      words = "face-up chip " + data.kind + " from " + character(data.owner);
    } else if (data.kind !== null) {
      classes.push("seen");
      label = data.kind;
      words = "face-down chip from " + character(data.owner) + ": " + data.kind +
        (mine ? " (yours)" : " (seen by you)");
    } else {
      label = "?";
      words = "face-down chip from " + character(data.owner) + ", unknown to you";
    }
    const node = el("span", { class: classes.join(" "), role: "img", "aria-label": words, title: words });
    node.dataset.owner = data.owner;
    if (data.kind !== null) node.dataset.kind = data.kind;
    node.append(el("strong", {}, label));
    if (!data.face_up) node.append(el("em", { class: "how" }, data.kind === null ? "face down" : (mine ? "yours" : "seen")));
    return node;
  }

  const root = el("div", { class: "gtpag" });
  root.append(el("h3", {}, "Phase: " + view.phase + (view.picked ? " · the pick: " + view.picked : "") +
    (view.turns_left !== null && view.turns_left !== undefined ? " · turns left: " + view.turns_left : "")));

  const noms = el("div", { class: "nominations" });
  if (!view.nominations.length) noms.append(el("p", {}, "No game nominated yet."));
  for (const nom of view.nominations) {
    const box = el("section", { class: "nomination" + (nom.active ? "" : " smashed-out"),
      "aria-label": "Nomination " + nom.number + ": " + nom.title });
    box.append(el("h4", {}, "#" + nom.number + " " + nom.title));
    box.append(el("p", { class: "small" }, "nominated by " + character(nom.nominator) +
      (nom.active ? "" : " · out") + " · face-up tally " + nom.tally.score));
    const chips = el("div", { class: "coins" });
    chips.append(...nom.chips.map(chip));
    box.append(chips);
    noms.append(box);
  }
  root.append(noms);

  if (view.smashed.length) {
    const box = el("div", { class: "zone" });
    box.append(el("h3", {}, "Smashed chips"));
    const row = el("div", { class: "coins" });
    row.append(...view.smashed.map(chip));
    box.append(row);
    root.append(box);
  }

  const people = el("ul", { class: "characters" });
  view.seats.forEach((seat, index) => {
    const facts = [character(index), seat.bid_chips + " chips in hand"];
    if (seat.trait) facts.push("trait " + seat.trait + (seat.trait_in_hand ? "" : " (used)"));
    if (seat.nominated) facts.push("nominated #" + seat.nominated);
    if (seat.passed) facts.push("passed");
    people.append(el("li", { class: index === view.viewer ? "me" : "" }, facts.join(" · ")));
  });
  root.append(people);

  if (view.hand) {
    const hand = el("div", { class: "zone" });
    hand.append(el("h3", {}, "Your hand (only you see it)"));
    const row = el("div", { class: "coins" });
    row.append(...view.hand.map((kind) => el("span", { class: "chip in-hand" }, kind)));
    hand.append(row);
    root.append(hand);
  }
  if (view.preferences) {
    const prefs = el("div", { class: "zone" });
    prefs.append(el("h3", {}, "Your secret preferences"));
    const list = el("ol", {});
    view.library.forEach((title, index) => list.append(el("li", {}, title + ": " + view.preferences[index])));
    prefs.append(list);
    root.append(prefs);
  }
  return root;
};
