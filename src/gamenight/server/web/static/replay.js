// The replay page: a finished match step by step, as one seat (or a spectator) saw it. Each
// step is asked of the server (/api/tables/{id}/replay), which rebuilds it from the match
// record; the game's own board draws the view, as on the table page.
"use strict";
window.gamenightBoards = window.gamenightBoards || {};
(function () {
  const $ = (id) => document.getElementById(id);
  const tableId = window.GAMENIGHT_TABLE;
  const base = "/api/tables/" + encodeURIComponent(tableId);
  const shown = { match: null, step: 0, steps: 0, seat: "spectator", game: null, boardLoaded: {} };

  const el = window.gamenightKit.el;

  function seatName(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return "Seat " + seat;
  }

  function problem(text) {
    $("problem").textContent = text || "";
    $("problem").hidden = !text;
  }

  async function answer(url) {
    const response = await fetch(url);
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || "the server refused");
    return body;
  }

  function loadBoard(game) {
    if (shown.boardLoaded[game]) return Promise.resolve();
    shown.boardLoaded[game] = true;
    return new Promise((resolve) => {
      const script = el("script", { src: "/games/" + encodeURIComponent(game) + "/board.js" });
      script.addEventListener("load", resolve);
      script.addEventListener("error", resolve); // no board of its own: the raw view is drawn
      document.head.append(script);
    });
  }

  async function show(step) {
    const query = new URLSearchParams({ match: shown.match, step: step, seat: shown.seat });
    let frame;
    try {
      frame = await answer(base + "/replay?" + query);
    } catch (error) {
      problem("This replay cannot be shown: " + error.message);
      return;
    }
    problem("");
    await loadBoard(frame.game);
    shown.step = frame.step;
    shown.steps = frame.steps;
    draw(frame);
  }

  function draw(frame) {
    document.title = frame.title + " · replay · gamenight";
    $("title").textContent = "Replay: " + frame.title + " · table " + tableId + " · match " + frame.match;
    $("status").textContent = (frame.seat === null ? "Seen as a spectator." : "Seen as seat " + frame.seat + ".") +
      " The match is over, so every seat's view may be shown.";
    $("step").textContent = "Step " + frame.step + " of " + frame.steps;
    document.body.dataset.step = frame.step;
    $("first").disabled = $("previous").disabled = frame.step === 0;
    $("last").disabled = $("next").disabled = frame.step === frame.steps;
    $("turn").textContent = frame.to_act.length ? "To act: " + frame.to_act.map(seatName).join(" and ") + "." : "The game is over.";
    const board = window.gamenightBoards[frame.game];
    const context = { seat: frame.seat, players: frame.players, toAct: frame.to_act, legal: [], el: el, row: window.gamenightKit.row, back: window.gamenightKit.back, seatName: seatName };
    let drawn;
    try {
      drawn = board ? board(frame.view, context) : el("pre", {}, JSON.stringify(frame.view, null, 1));
    } catch (error) {
      drawn = el("pre", {}, JSON.stringify(frame.view, null, 1));
    }
    $("board").replaceChildren(drawn);
    $("log").replaceChildren(...frame.log.map((entry) => el("li", { class: "log-" + entry.kind }, entry.text)));
    $("final").hidden = !frame.outcome;
    if (frame.outcome) {
      $("final-body").replaceChildren(...frame.outcome.scores.map((score, seat) =>
        el("li", { class: "total", "data-seat": seat }, seatName(seat) + ": " + score)));
    }
  }

  async function start() {
    let table;
    try {
      table = await answer(base);
    } catch (error) {
      problem("There is no such table. The link may be mistyped, or the table is gone.");
      return;
    }
    const records = table.records || [];
    if (!records.length) {
      problem("No match at this table has finished yet, so there is nothing to replay.");
      $("status").textContent = "Nothing to replay.";
      return;
    }
    const wanted = Number(new URLSearchParams(location.search).get("match"));
    shown.match = records.includes(wanted) ? wanted : records[records.length - 1];
    $("match").replaceChildren(...records.map((n) => el("option", { value: n }, "match " + n)));
    $("match").value = shown.match;
    const seats = [el("option", { value: "spectator" }, "a spectator")];
    for (let seat = 0; seat < table.players; seat++) seats.push(el("option", { value: seat }, "seat " + seat));
    $("seat").replaceChildren(...seats);
    $("match").addEventListener("change", () => { shown.match = Number($("match").value); show(0); });
    $("seat").addEventListener("change", () => { shown.seat = $("seat").value; show(shown.step); });
    $("first").addEventListener("click", () => show(0));
    $("previous").addEventListener("click", () => show(Math.max(0, shown.step - 1)));
    $("next").addEventListener("click", () => show(Math.min(shown.steps, shown.step + 1)));
    $("last").addEventListener("click", () => show(shown.steps));
    show(0);
  }

  start();
})();
