// blocknot serve: the evening's tables, and a new game set up.
"use strict";

(function () {
  const form = document.getElementById("setup");
  const problem = document.getElementById("setup-problem");
  const opener = form.elements.opener;
  let key = newKey();
  const tables = DATA.tables || [];
  form.elements.table.value = String(tables.length ? Math.max(...tables) + 1 : 1);

  function players() {
    return Array.from(form.querySelectorAll("input[name=player]"))
      .map((input) => input.value.trim()).filter((name) => name);
  }

  function offerOpeners() {
    const chosen = opener.value;
    opener.replaceChildren(...players().map((name) => el("option", { value: name, text: name })));
    if (players().includes(chosen)) opener.value = chosen;
  }

  form.addEventListener("input", offerOpeners);
  offerOpeners();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const target = form.elements.target.value.trim();
    const body = {
      key, table: form.elements.table.value.trim(), players: players(),
      opener: opener.value, target: target ? Number(target) : null,
      event: form.elements.event.value.trim() || null,
    };
    let answer;
    try {
      answer = await postJSON("/api/games", body);
    } catch (e) {
      problem.textContent = t("offline");
      problem.hidden = false;
      return;
    }
    if (answer.status === 201 || answer.status === 200) {
      key = newKey();
      location.href = answer.data.url;
      return;
    }
    if (answer.status === 401) { location.href = "/join"; return; }
    problem.textContent = (answer.data && answer.data.message) || String(answer.status);
    problem.hidden = false;
  });
})();
