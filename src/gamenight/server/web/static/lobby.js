// The lobby: set up a table, hand out its links, list the tables. Plain DOM, no framework.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let games = [];

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function option(value, label) {
    const node = el("option", { value: value }, label);
    return node;
  }

  function chosenGame() {
    return games.find((g) => g.game === $("game").value);
  }

  function fillGame() {
    const game = chosenGame();
    if (!game) return;
    $("game-summary").textContent = game.summary || "";
    const players = $("players");
    players.replaceChildren(...game.players.map((n) => option(String(n), String(n))));
    const variant = $("variant");
    variant.replaceChildren(option("", "the rules as written"),
      ...game.variants.map((v) => option(v, v)));
    fillSeats();
  }

  function fillSeats() {
    const game = chosenGame();
    const count = Number($("players").value);
    const box = $("seats");
    box.replaceChildren(el("legend", {}, "Seats"));
    for (let seat = 0; seat < count; seat++) {
      const select = el("select", { id: "seat-" + seat, "aria-label": "Seat " + seat });
      select.append(option("human", "a person"));
      for (const bot of game.bots) {
        if (bot === "ismcts") {
          select.append(option("ismcts:iters=300", "bot: search (quick)"));
          select.append(option("ismcts:iters=2000", "bot: search (strong)"));
        } else {
          select.append(option(bot, "bot: " + bot));
        }
      }
      if (seat > 0 && game.bots.includes("heuristic")) select.value = "heuristic";
      const label = el("label", {}, "Seat " + seat + " ");
      label.append(select);
      box.append(label);
    }
  }

  function chooseKind() {
    // Game night plays Game to Pick a Game first, as written: no variant, no rule changes.
    const night = $("kind").value === "night";
    const picker = games.find((g) => g.game === "gtpag");
    if (night && picker) $("game").value = picker.game;
    for (const id of ["game", "variant", "params"]) $(id).disabled = night;
    fillGame();
  }

  function copyButton(text, what) {
    const button = el("button", { type: "button", "aria-label": "Copy " + what }, "Copy");
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = "Copied";
      } catch (e) {
        button.textContent = "Select the link and copy it";
      }
    });
    return button;
  }

  function showCreated(answer) {
    const list = $("invites");
    list.replaceChildren();
    for (const invite of answer.invites) {
      const item = el("li", { class: "invite" });
      item.append(el("span", {}, "Seat " + invite.seat + ": "));
      item.append(el("a", { href: invite.link, class: "invite-link", "data-seat": invite.seat }, invite.link));
      item.append(copyButton(invite.link, "seat " + invite.seat + "'s link"));
      list.append(item);
    }
    const watch = el("li", { class: "invite" });
    watch.append(el("span", {}, "Watch: "));
    watch.append(el("a", { href: answer.spectate, class: "spectate-link" }, answer.spectate));
    watch.append(copyButton(answer.spectate, "the watch link"));
    list.append(watch);
    $("created").hidden = false;
    loadTables();
  }

  async function create(event) {
    event.preventDefault();
    const problem = $("create-error");
    problem.hidden = true;
    const count = Number($("players").value);
    const seats = [];
    for (let seat = 0; seat < count; seat++) seats.push($("seat-" + seat).value);
    const body = {
      game: $("game").value,
      kind: $("kind").value,
      players: count,
      seats: seats,
      listed: $("listed").checked,
      absent: $("absent").value,
    };
    if (body.kind === "night") {
      delete body.game; // a game night always starts with Game to Pick a Game
    } else {
      if ($("variant").value) body.variant = $("variant").value;
      const params = $("params").value.split(",").map((p) => p.trim()).filter((p) => p);
      if (params.length) body.params = params;
    }
    try {
      const response = await fetch("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || "the server refused");
      showCreated(answer);
    } catch (error) {
      problem.textContent = "Could not create the table: " + error.message;
      problem.hidden = false;
    }
  }

  function describe(table) {
    const title = (games.find((g) => g.game === table.game) || {}).title || table.game;
    const people = table.seats.map((s) => s.kind === "bot" ? "bot" : (s.claimed ? "person" : "empty seat"));
    return title + (table.kind === "night" ? " (game night)" : "") + ", " + people.join(", ");
  }

  async function loadTables() {
    for (const status of ["open", "playing", "finished"]) {
      const list = $("list-" + status);
      try {
        const response = await fetch("/api/tables?status=" + status);
        const answer = await response.json();
        list.replaceChildren();
        if (!answer.tables.length) list.append(el("li", { class: "hint" }, "none"));
        for (const table of answer.tables) {
          const item = el("li", {});
          item.append(el("span", {}, describe(table) + " "));
          const label = status === "finished" ? "see the result" : "watch";
          item.append(el("a", { href: table.spectate }, label));
          if (status === "finished") {
            item.append(" · ", el("a", { href: table.spectate + "/replay", class: "replay-link" }, "replay step by step"));
          }
          list.append(item);
        }
      } catch (error) {
        list.replaceChildren(el("li", { class: "error" }, "The server cannot be reached; retrying."));
      }
    }
  }

  async function start() {
    try {
      const response = await fetch("/api/games");
      games = (await response.json()).games;
    } catch (error) {
      $("create-error").textContent = "The server cannot be reached. Reload the page in a moment.";
      $("create-error").hidden = false;
      return;
    }
    $("game").replaceChildren(...games.map((g) => option(g.game, g.title)));
    $("game").addEventListener("change", fillGame);
    $("players").addEventListener("change", fillSeats);
    $("kind").addEventListener("change", chooseKind);
    $("new-table").addEventListener("submit", create);
    fillGame();
    loadTables();
    setInterval(loadTables, 5000);
  }

  start();
})();
