// The table page: one WebSocket, the seat's view drawn by the game's board (or a generic one),
// every legal action a button. The seat token lives in the link's fragment (#token=...), which
// the browser never sends to the server in a request; only the socket's hello carries it.
"use strict";
window.gamenightBoards = window.gamenightBoards || {};
(function () {
  const $ = (id) => document.getElementById(id);
  const tableId = window.GAMENIGHT_TABLE;
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  const page = {
    last: null,        // the latest state frame
    log: new Map(),    // index -> entry, for the current match
    match: null,
    games: {},         // name -> /api/games entry
    boardsAsked: {},
    socket: null,
    retry: 1,
    finalShown: false,
    stopped: false,
    heard: Date.now(), // when the server was last heard from
  };

  const el = window.gamenightKit.el;

  function seatName(seat) {
    if (seat === null || seat === undefined) return "nobody";
    return page.last && page.last.seat === seat ? "You (seat " + seat + ")" : "Seat " + seat;
  }

  function say(text) { $("status").textContent = text; }
  function problem(text) {
    const box = $("problem");
    box.textContent = text || "";
    box.hidden = !text;
  }

  // -- the connection ---------------------------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(scheme + "//" + location.host + "/ws/tables/" + encodeURIComponent(tableId));
    page.socket = socket;
    socket.addEventListener("open", () => {
      const hello = { type: "hello", token: token };
      if (page.match !== null && page.log.size) {
        hello.match = page.match;
        hello.log_from = Math.max(...page.log.keys()) + 1;
      }
      socket.send(JSON.stringify(hello));
      page.retry = 1;
    });
    socket.addEventListener("message", (event) => {
      if (socket !== page.socket) return;
      page.heard = Date.now();
      receive(JSON.parse(event.data));
    });
    socket.addEventListener("close", (event) => { if (socket === page.socket) closed(event.code); });
  }

  // A socket can look open long after the network is gone; give it up and retry instead.
  function abandon() {
    const socket = page.socket;
    if (!socket) return;
    page.socket = null;
    try { socket.close(); } catch (error) { /* it is gone either way */ }
    closed(1006);
  }

  window.addEventListener("offline", abandon);
  setInterval(() => {
    if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - page.heard > 25000) { abandon(); return; }
    send({ type: "ping" });
  }, 10000);

  const BAD_LINK = "This invite link is not valid for this table: it may be broken or from an old " +
    "table. Ask for a new link, or watch the table without a seat.";
  const NO_TABLE = "There is no such table. The link may be mistyped, or the table is gone.";

  const TAKEN_OVER = "Your seat was taken over in another browser or tab, so this page no " +
    "longer plays it. You can watch the table here, or reload this page to take the seat back.";

  // The seat is open elsewhere too: say so, and offer to take it over here or to watch.
  function held(frame) {
    const box = $("held");
    if (!frame.others) { box.hidden = true; box.replaceChildren(); return; }
    const take = el("button", { type: "button", id: "take-over" }, "Take the seat over here");
    take.addEventListener("click", () => send({ type: "takeover" }));
    const watch = el("a", { href: "/tables/" + encodeURIComponent(tableId), id: "watch-held" }, "Watch instead");
    watch.addEventListener("click", () => { setTimeout(() => location.reload(), 0); });
    box.replaceChildren(el("span", {}, "Your seat is already open in another browser or tab. "), take, " ", watch);
    box.hidden = false;
  }

  function closed(code) {
    page.socket = null;
    if (page.stopped) return;
    if (code === 4403) { stop(BAD_LINK, true); return; }
    if (code === 4404) { stop(NO_TABLE, false); return; }
    if (code === 4409) { stop(TAKEN_OVER, true); return; }
    const wait = page.retry;
    page.retry = Math.min(page.retry * 2, 15);
    say("The connection to the server is lost. Retrying in " + wait + " s…");
    document.body.classList.add("offline");
    setActions([]);
    setTimeout(connect, wait * 1000);
  }

  function stop(text, offerWatch) {
    page.stopped = true;
    say("Not connected.");
    setActions([]);
    $("held").hidden = true;
    problem(text);
    if (offerWatch) {
      const link = el("a", { href: "/tables/" + encodeURIComponent(tableId), id: "watch-instead" }, "Watch this table");
      link.addEventListener("click", () => { setTimeout(() => location.reload(), 0); });
      $("problem").append(" ", link);
    }
  }

  function send(frame) {
    if (page.socket && page.socket.readyState === WebSocket.OPEN) {
      page.socket.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  function receive(frame) {
    if (frame.type === "state" || frame.type === "resync") {
      document.body.classList.remove("offline");
      if (frame.type === "resync") {
        problem("The table moved on before your move arrived (" + (frame.reason || "out of date") +
          "); here is where it stands now.");
      } else if (frame.ack !== undefined) {
        problem("");
      }
      takeState(frame);
    } else if (frame.type === "presence") {
      if (page.last) {
        page.last.seats = frame.seats;
        page.last.spectators = frame.spectators;
        drawSeats();
      }
    } else if (frame.type === "held") {
      held(frame);
    } else if (frame.type === "taken-over") {
      stop(TAKEN_OVER, true);
    } else if (frame.type === "pong") {
      // the heartbeat's answer: the server is there
    } else if (frame.type === "error" && frame.code === "bad-token") {
      stop(BAD_LINK, true);
    } else if (frame.type === "error" && frame.code === "no-table") {
      stop(NO_TABLE, false);
    } else if (frame.type === "error") {
      problem("The server refused: " + frame.error);
      if (page.last) drawActions(); // the buttons come back: the table is unchanged
    }
  }

  // -- the state ----------------------------------------------------------------------------
  function takeState(frame) {
    if (frame.match !== page.match) {
      page.log.clear();
      page.match = frame.match;
      page.finalShown = false;
    }
    for (const entry of frame.log || []) page.log.set(entry.index, entry);
    page.last = frame;
    document.body.dataset.seq = frame.seq;
    document.body.dataset.status = frame.status;
    document.body.dataset.match = frame.match;
    ensureGame(frame.game);
    draw();
  }

  async function ensureGame(name) {
    if (!name || page.games[name]) return;
    page.games[name] = { title: name, guide: "" };
    try {
      const answer = await (await fetch("/api/games")).json();
      for (const game of answer.games) page.games[game.game] = game;
    } catch (error) { return; }
    const game = page.games[name];
    $("guide").textContent = game.guide || game.summary || "";
    if (game.board && !page.boardsAsked[name]) {
      page.boardsAsked[name] = true;
      const script = el("script", { src: "/games/" + encodeURIComponent(name) + "/board.js" });
      script.addEventListener("load", draw);
      document.head.append(script);
    }
    draw();
  }

  function draw() {
    const frame = page.last;
    if (!frame) return;
    const game = page.games[frame.game] || { title: frame.title || frame.game };
    $("title").textContent = (frame.title || game.title) + " · table " + tableId;
    document.title = (frame.title || game.title) + " · gamenight";
    const role = frame.seat === null ? "You are watching." : "You are seat " + frame.seat + ".";
    say(role + " " + statusWords(frame));
    drawTurn();
    drawBoard();
    drawActions();
    drawSeats();
    drawLog();
    drawNight();
    drawFinal();
    $("raw").textContent = JSON.stringify(frame.view, null, 1);
  }

  function statusWords(frame) {
    if (frame.status === "open") return "Waiting for everyone to arrive.";
    if (frame.status === "finished") return "The game is over.";
    return "Match " + frame.match + " is being played.";
  }

  function drawTurn() {
    const frame = page.last;
    const box = $("turn");
    if (frame.outcome) { box.textContent = "The game is over."; return; }
    const toAct = frame.to_act || [];
    if (!toAct.length) { box.textContent = frame.status === "open" ? "Waiting for players to join." : ""; return; }
    const mine = frame.seat !== null && toAct.includes(frame.seat);
    const names = toAct.map(seatName).join(" and ");
    box.textContent = mine ? (toAct.length > 1 ? "Your turn (together with " +
      toAct.filter((s) => s !== frame.seat).map(seatName).join(", ") + ")." : "Your turn.")
      : "Waiting for " + names + ".";
    box.classList.toggle("mine", mine);
  }

  function drawBoard() {
    const frame = page.last;
    const box = $("board");
    const board = window.gamenightBoards[frame.game];
    const context = { seat: frame.seat, players: frame.players, toAct: frame.to_act || [], legal: frame.legal || [], el: el, row: window.gamenightKit.row, back: window.gamenightKit.back, seatName: seatName };
    try {
      box.replaceChildren(board ? board(frame.view, context) : genericBoard(frame.view));
    } catch (error) {
      box.replaceChildren(genericBoard(frame.view));
    }
  }

  function genericBoard(view) {
    // No board of its own: the view's top-level facts as a readable list.
    const list = el("dl", { class: "generic" });
    for (const [key, value] of Object.entries(view || {})) {
      if (key === "score_sheet" || key === "game") continue;
      list.append(el("dt", {}, key.replace(/_/g, " ")));
      list.append(el("dd", {}, typeof value === "object" ? JSON.stringify(value) : String(value)));
    }
    return list;
  }

  function setActions(buttons) { $("actions").replaceChildren(...buttons); }

  function drawActions() {
    const frame = page.last;
    const legal = frame.legal || [];
    if (!legal.length) {
      const idle = frame.seat === null ? "Spectators only watch." :
        (frame.outcome ? "Nothing more to do in this match." : "Nothing to do until it is your turn.");
      const items = [el("p", { class: "hint" }, idle)];
      if (frame.outcome && frame.seat !== null) {
        const again = el("button", { type: "button", id: "play-again" }, "Play again with the same seats");
        again.addEventListener("click", () => send({ type: "again", seq: frame.seq }));
        items.push(again);
      }
      setActions(items);
      return;
    }
    // A game's board may name actions that undo a step of a compound choice (the engine's
    // own, never invented here): they are shown apart, as a way back.
    const backs = (window.gamenightBackActions || {})[frame.game] || {};
    setActions(legal.map((text) => {
      const back = Object.prototype.hasOwnProperty.call(backs, text);
      const button = el("button", { type: "button", class: back ? "action back" : "action", "data-action": text },
        back ? backs[text] : text);
      button.addEventListener("click", () => act(text));
      return button;
    }));
  }

  function act(text) {
    const frame = page.last;
    // One click, one action: the buttons go until the server answers.
    for (const button of document.querySelectorAll("#actions button")) button.disabled = true;
    if (!send({ type: "act", seq: frame.seq, action: text })) {
      problem("Not connected to the server; your move was not sent. Retrying the connection…");
    }
  }

  function drawSeats() {
    const frame = page.last;
    const list = $("seats");
    list.replaceChildren();
    (frame.seats || []).forEach((seat, index) => {
      const who = seat.kind === "bot" ? "bot (" + seat.bot + ")" :
        (seat.connected ? "here" : (seat.claimed ? "away" : "not arrived yet"));
      const standIn = seat.stand_in ? ", a bot plays for them" : "";
      const turn = (frame.to_act || []).includes(index) ? " · to act" : "";
      const score = frame.view && frame.view.scores ? " · " + frame.view.scores[index] + " pts" : "";
      const item = el("li", { class: seat.connected || seat.kind === "bot" ? "present" : "absent" },
        seatName(index) + ": " + who + standIn + turn + score);
      list.append(item);
    });
    if (frame.spectators) list.append(el("li", { class: "hint" }, frame.spectators + " watching"));
  }

  function drawLog() {
    const list = $("log");
    const entries = [...page.log.values()].sort((a, b) => a.index - b.index);
    list.replaceChildren(...entries.map((entry) =>
      el("li", { class: "log-" + entry.kind }, entry.text)));
    list.scrollTop = list.scrollHeight;
  }

  function drawNight() {
    const frame = page.last;
    const night = frame.night;
    $("night").hidden = !night;
    if (!night) return;
    const body = $("night-body");
    body.replaceChildren();
    if (night.picked) {
      const playable = night.playable ? " Its table is being set up." : " gamenight cannot run it, so the night ends here.";
      body.append(el("p", { class: "picked" }, "Tonight's pick: " + night.picked + "." + playable));
    } else if (night.stage === "play") {
      body.append(el("p", { class: "picked" }, "Tonight's pick: " + (frame.title || frame.game) + ". Enjoy!"));
    } else if (night.stage === "pick") {
      body.append(el("p", {}, "Game to Pick a Game decides what the table plays next."));
    }
    if (night.stage === "rating" && frame.seat !== null && !night.mine) {
      body.append(el("p", {}, "Rate each game privately, 0 (no) to 10 (yes please). Nobody else sees your ratings."));
      const form = el("form", { id: "ratings" });
      night.library.forEach((title, index) => {
        const label = el("label", {}, title + " ");
        const input = el("input", { type: "number", min: "0", max: "10", value: "5", "data-index": index, "aria-label": "Your rating of " + title });
        label.append(input);
        form.append(label);
      });
      const done = el("button", { type: "submit" }, "Send my ratings");
      form.append(done);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const ratings = [...form.querySelectorAll("input")].map((input) => Number(input.value));
        send({ type: "rate", seq: frame.seq, ratings: ratings });
      });
      body.append(form);
    } else if (night.stage === "rating") {
      const done = (night.rated || []).filter(Boolean).length;
      body.append(el("p", { class: "rated" }, "Ratings are in from " + done + " of " + night.rated.length + " seats" +
        (night.mine ? " (yours: " + night.mine.join(", ") + ")." : ".")));
    }
  }

  function drawFinal() {
    const frame = page.last;
    const sheet = frame.view && frame.view.score_sheet;
    $("final").hidden = !frame.outcome;
    if (!frame.outcome) return;
    const body = $("final-body");
    body.replaceChildren();
    const winners = frame.outcome.winners || [];
    body.append(el("p", { class: "winners" }, winners.length ?
      "Winner: " + winners.map(seatName).join(" and ") + "." : "Nobody wins."));
    if (frame.outcome.reason) body.append(el("p", { class: "hint" }, frame.outcome.reason));
    const table = el("table", { class: "scores" });
    const head = el("tr", {});
    head.append(el("th", { scope: "col" }, "Seat"), el("th", { scope: "col" }, "What scored"), el("th", { scope: "col" }, "Total"));
    table.append(head);
    frame.outcome.scores.forEach((score, seat) => {
      const row = el("tr", { "data-seat": seat });
      row.append(el("th", { scope: "row" }, seatName(seat)));
      const items = el("td", {});
      const lines = sheet && sheet.seats[seat] ? sheet.seats[seat].items : [];
      for (const item of lines) {
        items.append(el("div", {}, item.label + ": " + item.points + (item.detail ? " (" + item.detail + ")" : "")));
      }
      row.append(items, el("td", { class: "total" }, String(score)));
      table.append(row);
    });
    body.append(table);
    for (const detail of (sheet && sheet.details) || []) {
      const box = el("details", {});
      box.append(el("summary", {}, detail.title), el("pre", {}, detail.lines.join("\n")));
      body.append(box);
    }
    const record = el("a", { href: "/api/tables/" + encodeURIComponent(tableId) + "/record?match=" + frame.match }, "The match record (for gamenight replay)");
    body.append(record);
  }

  window.addEventListener("hashchange", () => location.reload());
  connect();
})();
