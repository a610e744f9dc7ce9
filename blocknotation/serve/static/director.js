// blocknot serve: the director's page. Every table at a glance and the standings, fetched
// again when the server tells of an entry written (server-sent events, never polled).
"use strict";

(function () {
  const tables = document.getElementById("tables");
  const standings = document.getElementById("standings");
  let timer = null;
  let asking = false;
  let again = false;

  function score(game) {
    if (!game.score) return t("unknown");
    return game.players.map((p) => p + " " + game.score[p]).join(", ");
  }

  function now(game) {
    if (game.phase === "over") return game.winner ? t("won_by", { player: game.winner }) : t("drawn");
    if (game.phase === "moves" && game.turn) return t("to_play", { player: game.turn });
    return t("phase_" + game.phase);
  }

  function render(evening) {
    tables.replaceChildren(el("table", { class: "evening" },
      el("thead", {}, el("tr", {}, [t("table"), t("players"), t("hand"), t("now"), t("score"),
        t("problems"), ""].map((head) => el("th", { text: head })))),
      el("tbody", {}, evening.games.map((game) => el("tr", { "data-game": game.id,
          class: game.errors ? "has-errors" : null },
        el("td", { text: game.table }),
        el("td", { text: game.players.join(", ") }),
        el("td", { text: game.hand === null ? "" : String(game.hand) }),
        el("td", { class: "now", text: now(game) }),
        el("td", { class: "score", text: score(game) }),
        el("td", { class: "codes", title: game.problems.map((d) => d.line + ": " + d.message).join("\n"),
          text: game.errors ? game.codes.join(" ") : "—" }),
        el("td", {}, el("a", { href: "/game/" + game.id, text: t("open") }), " ",
          el("a", { href: "/game/" + game.id + "/replay", text: t("replay") })))))));
    standings.textContent = evening.standings;
  }

  async function update() {
    if (asking) { again = true; return; }
    asking = true;
    try {
      const evening = await getJSON("/api/evening");
      if (evening) render(evening);
    } catch (e) { /* the next event asks again */ }
    asking = false;
    if (again) { again = false; update(); }
  }

  function soon() {
    if (timer === null) timer = setTimeout(() => { timer = null; update(); }, 250);
  }

  const events = new EventSource("/api/events");
  events.onmessage = soon;
  events.onopen = soon;
  update();
})();
