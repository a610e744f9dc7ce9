// blocknot serve: a table's page. The scorer taps what happened; each entry is queued here
// (and kept in the phone's storage), sent with its idempotency key and the version of the
// record it was made on, and taken off the queue only once the server has written it.
"use strict";

(function () {
  const root = document.getElementById("game");
  const banner = document.getElementById("offline");
  let S = DATA.state;
  const STORE = "blocknot-queue-" + S.id;
  let queue = restore();
  let sending = false;
  let note = null; // the answer to the last entry written
  let panel = null; // the panel open: {kind, ...}
  let picked = {}; // the tiles picked in it, by player ("" for a single pick)
  let online = navigator.onLine !== false;

  function restore() {
    try { return JSON.parse(localStorage.getItem(STORE)) || []; } catch (e) { return []; }
  }
  function save() {
    try { localStorage.setItem(STORE, JSON.stringify(queue)); } catch (e) { /* kept in memory */ }
  }
  function rebase() {
    queue.forEach((item, k) => { item.base = S.version + k; });
  }
  function take(state) {
    if (state && state.version >= S.version) S = state;
  }
  function setOnline(flag) {
    online = flag;
    banner.hidden = flag;
  }

  function enqueue(entry) {
    queue.push({ key: newKey(), base: S.version + queue.length, entry, insist: false,
                 status: "waiting" });
    save();
    note = null; panel = null; picked = {};
    render();
    pump();
  }

  async function pump() {
    if (sending) return;
    sending = true;
    let retry = false;
    try {
      while (queue.length && queue[0].status === "waiting") {
        const item = queue[0];
        item.status = "sending";
        render();
        let answer;
        try {
          answer = await postJSON("/api/games/" + S.id + "/entries",
            { key: item.key, base: item.base, entry: item.entry, insist: item.insist });
        } catch (e) {
          item.status = "waiting"; setOnline(false); retry = true;
          break;
        }
        setOnline(true);
        const data = answer.data || {};
        take(data.state);
        if (answer.status === 200) {
          queue.shift();
          note = { verdict: data.verdict || [], duplicate: !!data.duplicate };
        } else if (answer.status === 409) {
          item.status = "conflict";
        } else if (answer.status === 422) {
          Object.assign(item, { status: "refused", message: data.message, code: data.code,
                                insistable: !!data.insistable });
        } else if (answer.status === 401) {
          location.href = "/join";
          return;
        } else if (answer.status >= 500 && answer.status !== 507) {
          item.status = "waiting"; retry = true;
          break;
        } else {
          Object.assign(item, { status: "failed", message: data.message || String(answer.status) });
        }
        save();
      }
    } finally {
      sending = false;
      save();
      render();
    }
    if (retry) setTimeout(pump, 3000);
  }

  async function refresh() {
    try { take(await getJSON("/api/games/" + S.id)); } catch (e) { return; }
    render();
  }

  function listen() {
    const events = new EventSource("/api/games/" + S.id + "/events");
    events.onopen = () => { setOnline(true); pump(); };
    events.onmessage = (message) => {
      const event = JSON.parse(message.data);
      if (event.version > S.version) refresh();
    };
  }

  // --- what is shown ---------------------------------------------------------------------------
  function render() {
    const hand = S.hand;
    // What the page shows, for whoever waits on it (the browser tests): the version of the
    // record, the phase, and the entries not yet written.
    root.dataset.version = String(S.version);
    root.dataset.phase = S.phase;
    root.dataset.waiting = String(queue.length);
    root.replaceChildren(...[
      heading(hand), status(hand), queueBox(), noteBox(), actions(hand), totals(), problems(),
      record(),
    ].filter(Boolean));
  }

  function heading(hand) {
    const score = S.score || {};
    return el("section", { class: "heading" },
      el("h2", { text: hand ? t("hand_n", { number: hand.number }) : "" }),
      el("ul", { class: "players" }, S.players.map((player) => el("li",
        { class: hand && hand.turn === player ? "turn" : null },
        el("span", { class: "name", text: player }),
        el("span", { class: "total", text: player in score ? String(score[player]) : "" })))));
  }

  function status(hand) {
    if (!hand) return null;
    const lines = [];
    if (S.phase === "moves" && hand.turn) {
      lines.push(el("p", { class: "turn", text: hand.ends ? t("to_play", { player: hand.turn })
        : t("leads", { player: hand.turn }) }));
    }
    if (hand.ends) lines.push(el("p", { class: "ends", text: t("ends", { left: hand.ends[0], right: hand.ends[1] }) }));
    const chain = hand.row.length ? el("div", { class: "chain" }, hand.row.map((tile) =>
      tileFace(tile))) : el("p", { class: "small", text: t("chain_empty") });
    if (hand.lost) lines.push(el("p", { class: "refused", text: t("lost", { line: hand.lost }) }));
    return el("section", { class: "status" }, lines, chain);
  }

  function entryText(entry) {
    if (entry.kind === "play") return entry.player + ": " + entry.tile + (entry.side ? " " + entry.side : "");
    if (entry.kind === "pass") return entry.player + ": pass";
    if (entry.kind === "deal") return "deal " + entry.player + ": " + entry.tiles.join(" ");
    if (entry.kind === "correct") return t("correct_line", { line: entry.line }) + ": " + entry.text;
    if (entry.kind === "count") return t("count_only");
    if (entry.kind === "hand") return t("next_hand", { player: S.next_opener || "" });
    return t("undo");
  }

  function queueBox() {
    if (!queue.length) return null;
    const waiting = queue.filter((q) => q.status === "waiting" || q.status === "sending").length;
    return el("section", { class: "queue", "aria-live": "polite" },
      waiting ? el("p", { class: "waiting", text: t("waiting", { count: waiting }) }) : null,
      el("ol", {}, queue.map((item, k) => el("li", { class: item.status },
        el("span", { class: "entry", text: entryText(item.entry) }),
        item.status === "conflict" ? el("p", { class: "refused", text: t("conflict") }) : null,
        item.status === "refused" ? el("p", { class: "refused",
          text: t("refused", { message: (item.code ? item.code + " " : "") + item.message }) }) : null,
        item.status === "failed" ? el("p", { class: "refused", text: t("failed", { message: item.message }) }) : null,
        item.status === "refused" && item.insistable ? el("button", { class: "keep", text: t("keep"),
          onclick: () => resolve(k, "insist") }) : null,
        item.status === "conflict" ? el("button", { class: "again", text: t("send_again"),
          onclick: () => resolve(k, "again") }) : null,
        ["conflict", "refused", "failed"].includes(item.status) ? el("button", { class: "drop",
          text: item.status === "refused" ? t("cancel") : t("drop"), onclick: () => resolve(k, "drop") }) : null))));
  }

  function resolve(k, how) {
    if (how === "drop") queue.splice(k, 1);
    else {
      queue[k].status = "waiting";
      if (how === "insist") queue[k].insist = true;
    }
    rebase();
    save();
    render();
    pump();
  }

  function noteBox() {
    if (!note) return null;
    if (!note.verdict.length) return el("p", { class: "written", role: "status", text: t("verdict_ok") });
    return el("section", { class: "verdict", role: "status" }, el("p", { text: t("verdict") }),
      el("ul", {}, note.verdict.map((d) => el("li", { class: d.severity },
        el("b", { text: d.code }), " " + d.message))));
  }

  // --- what may be entered -----------------------------------------------------------------------
  function actions(hand) {
    const box = el("section", { class: "actions" });
    if (panel) { box.append(openPanel(hand)); return box; }
    const phase = S.phase;
    if (phase === "moves" && hand && !queue.length && online) {
      box.append(el("div", { class: "moves" }, hand.legal.map((move) => move.pass
        ? el("button", { class: "move pass", text: t("pass"),
            onclick: () => enqueue({ kind: "pass", player: hand.turn }) })
        : el("button", { class: "move", "data-tile": move.tile, "data-side": move.side || "",
            onclick: () => enqueue({ kind: "play", player: hand.turn,
            tile: move.tile, side: move.side }) }, tileFace(move.tile),
          move.side ? el("span", { class: "side", text: move.side === "L" ? t("left") : t("right") }) : null))));
    }
    if (phase === "moves" && hand && !hand.moves && !hand.counted) {
      box.append(el("div", { class: "deals" }, el("h3", { text: t("deals") }),
        S.players.filter((p) => !(p in hand.deals)).map((player) => el("button", { class: "deal",
          "data-player": player,
          text: t("deal_of", { player }), onclick: () => show({ kind: "deal", player }) })),
        el("button", { class: "count-only", text: t("count_only"),
          onclick: () => show({ kind: "count", players: S.players, claims: true }) })));
    }
    if (phase === "count" || phase === "lost") {
      const outcome = hand && hand.outcome;
      const unknown = S.players.filter((p) => hand.held[p] === null &&
        !(outcome && outcome.kind === "domino" && outcome.winner === p));
      box.append(el("button", { class: "count", text: t("count_left"),
        onclick: () => show({ kind: "count", players: phase === "lost" ? S.players : unknown,
                              claims: phase === "lost" }) }));
    }
    if (phase === "moves" || phase === "lost" || !online || queue.length) {
      box.append(el("button", { class: "other", text: t("other_move"),
        onclick: () => show({ kind: "other" }) }));
    }
    if (phase === "next") {
      box.append(el("button", { class: "next", text: t("next_hand", { player: S.next_opener }),
        onclick: () => enqueue({ kind: "hand" }) }));
    }
    if (phase === "over") {
      box.append(el("p", { class: "over", text: S.winner ? t("won_by", { player: S.winner })
        : S.status === "drawn" ? t("drawn") : t("game_over") }));
    }
    return box;
  }

  function show(open) {
    panel = open;
    picked = {};
    if (open.kind === "other") picked.side = null;
    render();
  }

  function openPanel(hand) {
    const close = el("button", { class: "cancel", text: t("cancel"),
      onclick: () => { panel = null; render(); } });
    if (panel.kind === "deal") return dealPanel(hand, close);
    if (panel.kind === "count") return countPanel(hand, close);
    if (panel.kind === "correct") return correctPanel(close);
    return otherPanel(hand, close);
  }

  function picker(owner, max, allowed, taken) {
    const mine = picked[owner] || (picked[owner] = []);
    return el("div", { class: "picker" }, SET.map((tile) => {
      const chosen = mine.includes(tile);
      return el("button", {
        class: "pick" + (chosen ? " chosen" : ""), "aria-pressed": chosen ? "true" : "false",
        "data-tile": tile,
        disabled: !chosen && (!allowed(tile) || taken(tile, owner)),
        onclick: () => {
          if (chosen) mine.splice(mine.indexOf(tile), 1);
          else if (max === 1) mine.splice(0, mine.length, tile);
          else if (mine.length < max) mine.push(tile);
          render();
        },
      }, tileFace(tile));
    }));
  }

  function takenElsewhere(tile, owner) {
    return Object.entries(picked).some(([who, tiles]) => who !== owner && Array.isArray(tiles) && tiles.includes(tile));
  }

  function dealPanel(hand, close) {
    const player = panel.player;
    const dealt = new Set(Object.values(hand.deals).flat().map(norm));
    const send = el("button", { class: "send", text: t("send"),
      disabled: (picked[player] || []).length !== S.each,
      onclick: () => enqueue({ kind: "deal", player, tiles: picked[player] }) });
    return el("div", { class: "panel" }, el("h3", { text: t("deal_pick", { count: S.each, player }) }),
      picker(player, S.each, (tile) => !dealt.has(tile), () => false), send, close);
  }

  function countPanel(hand, close) {
    const players = panel.players;
    const unseen = new Set(hand && hand.moves ? hand.unseen : SET);
    const parts = players.map((player) => el("div", { class: "left", "data-player": player },
      el("h3", { text: t("tiles_left", { player }) }),
      picker(player, Math.max(1, S.each - (hand ? hand.placed[player] : 0)),
        (tile) => unseen.has(tile), takenElsewhere)));
    let ending = null;
    let points = null;
    if (panel.claims) {
      ending = el("select", { name: "ending", "aria-label": t("how_ended") },
        el("option", { value: "", text: t("by_moves") }), el("option", { value: "blocked", text: t("blocked") }),
        S.players.map((p) => el("option", { value: p, text: t("domino_by", { player: p }) })));
      points = el("div", { class: "claim" }, el("label", { text: t("points_claim") }),
        el("select", { name: "scorer" }, el("option", { value: "", text: "—" }),
          el("option", { value: "none", text: t("nobody_scored") }),
          S.players.map((p) => el("option", { value: p, text: p }))),
        el("input", { name: "points", inputmode: "numeric", size: "4" }));
    }
    const send = el("button", { class: "send", text: t("save_count"), onclick: () => {
      const shows = {};
      for (const player of players) shows[player] = picked[player] || [];
      const entry = { kind: "count", shows, ending: ending && ending.value ? ending.value : null, points: null };
      if (points) {
        const scorer = points.querySelector("select").value;
        const value = points.querySelector("input").value.trim();
        if (scorer === "none") entry.points = "none";
        else if (scorer && /^[0-9]{1,3}$/.test(value)) entry.points = { player: scorer, points: Number(value) };
      }
      enqueue(entry);
    } });
    return el("div", { class: "panel" }, el("p", { class: "small", text: panel.claims ? t("count_help") : "" }),
      parts, ending ? el("label", { text: t("how_ended") }, ending) : null, points, send, close);
  }

  function expected() {
    const moves = queue.map((q) => q.entry).filter((e) => e.kind === "play" || e.kind === "pass");
    if (!moves.length) return (S.hand && S.hand.turn) || S.players[0];
    const last = S.players.indexOf(moves[moves.length - 1].player);
    return S.players[(last + 1) % S.players.length];
  }

  function otherPanel(hand, close) {
    const who = el("select", { name: "who", "aria-label": t("who") },
      S.players.map((p) => el("option", { value: p, text: p })));
    who.value = picked.who || expected();
    who.addEventListener("change", () => { picked.who = who.value; });
    const sides = el("div", { class: "sides" }, [[null, t("no_side")], ["L", t("left")], ["R", t("right")]].map(
      ([side, label]) => el("button", { class: "side" + (picked.side === side ? " chosen" : ""),
        "data-side": side || "",
        "aria-pressed": picked.side === side ? "true" : "false", text: label,
        onclick: () => { picked.side = side; picked.who = who.value; render(); } })));
    const tile = (picked[""] || [])[0];
    return el("div", { class: "panel" }, el("p", { class: "small", text: t("other_help") }),
      el("label", { text: t("who") }, who), picker("", 1, () => true, () => false), sides,
      el("button", { class: "send", text: t("send"), disabled: !tile,
        onclick: () => enqueue({ kind: "play", player: who.value, tile, side: picked.side }) }),
      el("button", { class: "move pass", text: t("pass"),
        onclick: () => enqueue({ kind: "pass", player: who.value }) }), close);
  }

  function correctPanel(close) {
    const input = el("input", { name: "line", value: S.lines[panel.line - 1], maxlength: "300",
      autocomplete: "off", "aria-label": t("correct_line", { line: panel.line }) });
    return el("div", { class: "panel" }, el("h3", { text: t("correct_line", { line: panel.line }) }),
      input, el("button", { class: "send", text: t("save"),
        onclick: () => enqueue({ kind: "correct", line: panel.line, text: input.value }) }), close);
  }

  function norm(tile) {
    const [a, b] = tile.split("-").map(Number);
    return Math.min(a, b) + "-" + Math.max(a, b);
  }

  // --- the figures and the record --------------------------------------------------------------
  function totals() {
    if (!S.hands.length) return null;
    return el("section", { class: "totals" }, el("h3", { text: t("hands") }),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: t("hand") }),
        el("th", { text: t("outcome") }), S.players.map((p) => el("th", { text: p })))),
      el("tbody", {}, S.hands.map((h) => el("tr", {},
        el("td", { text: String(h.number) }),
        el("td", { text: h.outcome === null ? t("unknown") : h.outcome === "unfinished" ? t("unfinished")
          : (h.outcome === "domino" ? t("domino") : t("blocked")) + (h.winner ? " · " + h.winner : "") }),
        S.players.map((p) => el("td", { text: h.score ? String(h.score[p])
          : h.outcome === "unfinished" ? "" : t("unknown") })))))));
  }

  function problems() {
    if (!S.problems.length) return el("p", { class: "small fine", text: t("no_problems") });
    return el("section", { class: "problems" }, el("h3", { text: t("problems") }),
      el("ul", {}, S.problems.map((d) => el("li", { class: d.severity },
        el("b", { text: d.code }), " " + d.line + ": " + d.message))));
  }

  function record() {
    return el("details", { class: "record" }, el("summary", { text: t("record") }),
      el("ol", {}, S.lines.map((line, k) => el("li", {},
        line.trim() && !line.startsWith("#") ? el("button", { class: "line", text: line,
          onclick: () => show({ kind: "correct", line: k + 1 }) }) : el("span", { text: line || "\u00a0" })))),
      el("button", { class: "undo", text: t("undo"), onclick: () => enqueue({ kind: "undo" }) }),
      el("a", { href: "/game/" + S.id + "/replay", text: t("replay") }));
  }

  window.addEventListener("online", () => { setOnline(true); pump(); });
  window.addEventListener("offline", () => { setOnline(false); render(); });
  // A phone may miss either event (asleep, or the page still loading): look again each second.
  setInterval(() => {
    const now = navigator.onLine !== false;
    if (now === online) return;
    setOnline(now);
    if (now) pump(); else render();
  }, 1000);
  setOnline(online);
  render();
  listen();
  pump();
})();
