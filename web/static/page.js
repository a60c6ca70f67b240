// Herald tournament page: polls the live part, counts the round timer down, pages long lists on
// the venue screen, filters games by a name ("Find my table"). Our own script, served by Herald;
// no other code runs on the page.
"use strict";
(function () {
  const body = document.body;
  const liveUrl = body.dataset.live;
  const screen = body.classList.contains("screen");
  let etag = body.dataset.etag || "";
  let failures = 0;
  const POLL_MS = 3000;
  const PAGE_MS = 8000;

  function countdown() {
    for (const el of document.querySelectorAll("[data-ends]")) {
      const left = Math.round((Date.parse(el.dataset.ends) - Date.now()) / 1000);
      if (Number.isNaN(left)) continue;
      if (left <= 0) {
        el.textContent = "Round timer: time!";
        el.classList.add("over");
      } else {
        const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
        const mm = String(m).padStart(h ? 2 : 1, "0"), ss = String(s).padStart(2, "0");
        el.textContent = "Round timer: " + (h ? h + ":" : "") + mm + ":" + ss + " left";
      }
    }
  }

  // On the venue screen, each long list shows as many rows as fit and moves to the next ones by itself.
  let pageIndex = 0;
  function paginate() {
    if (!screen) return;
    for (const list of document.querySelectorAll(".pager")) {
      const rows = Array.from(list.children);
      rows.forEach((r) => r.classList.remove("hidden"));
      const top = list.getBoundingClientRect().top;
      const em = parseFloat(getComputedStyle(list).fontSize) || 16;
      const room = window.innerHeight - top - 3 * em; // the page note below the list, and a margin
      let fit = 0;
      for (const r of rows) {
        if (r.getBoundingClientRect().bottom - top > room) break;
        fit++;
      }
      fit = Math.max(fit, 1);
      const pages = Math.ceil(rows.length / fit);
      const p = pages ? pageIndex % pages : 0;
      rows.forEach((r, i) => r.classList.toggle("hidden", i < p * fit || i >= (p + 1) * fit));
      const section = list.closest("section") || list.parentElement;
      let note = section.querySelector(":scope > .pager-note");
      if (pages > 1) {
        if (!note) {
          note = document.createElement("p");
          note.className = "pager-note";
          section.appendChild(note);
        }
        note.textContent = "Page " + (p + 1) + " of " + pages;
      } else if (note) {
        note.remove();
      }
    }
  }

  // A large event's earlier rounds and army lists are fetched when a visitor opens them.
  document.addEventListener("toggle", async (event) => {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement) || !details.open) return;
    const path = details.dataset.round ? "/round/" + details.dataset.round
      : details.dataset.list ? "/list/" + details.dataset.list : null;
    const lazy = details.querySelector(".lazy");
    if (!path || !lazy) return;
    const base = liveUrl.split("/live")[0];
    const response = await fetch(base + path, { cache: "no-store" });
    if (response.ok) lazy.outerHTML = await response.text();
  }, true);

  // "Find my table": shows only the games and standings rows that hold what the visitor typed.
  // Everything stays in the page: nothing typed here is sent anywhere.
  const find = document.getElementById("find");
  const found = document.getElementById("found");
  function filter() {
    if (!find) return;
    const wanted = find.value.trim().toLowerCase();
    let tables = 0;
    for (const game of document.querySelectorAll("#live section.round .game")) {
      const hit = !wanted || game.textContent.toLowerCase().includes(wanted);
      game.classList.toggle("filtered", !hit);
      if (hit && wanted) tables++;
    }
    let rows = 0;
    for (const row of document.querySelectorAll("#live table.standings tbody tr")) {
      const hit = !wanted || row.textContent.toLowerCase().includes(wanted);
      row.classList.toggle("filtered", !hit);
      if (hit && wanted) rows++;
    }
    if (found) {
      found.textContent = !wanted ? "" : tables ? tables + (tables === 1 ? " table" : " tables")
        : rows ? "No table this round" : "Nobody by that name";
    }
  }
  if (find) {
    find.addEventListener("input", filter);
    find.addEventListener("keydown", (event) => { if (event.key === "Enter") event.preventDefault(); });
  }

  async function poll() {
    if (document.hidden && !screen) return;
    try {
      const response = await fetch(liveUrl, { headers: { "If-None-Match": etag }, cache: "no-store" });
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        const open = new Set(Array.from(document.querySelectorAll("details[open] summary"), (s) => s.textContent.split(" · ")[0]));
        document.getElementById("live").innerHTML = await response.text();
        for (const s of document.querySelectorAll("details summary")) {
          if (open.has(s.textContent.split(" · ")[0])) s.parentElement.open = true;
        }
        countdown();
        paginate();
        filter();
      }
      failures = response.ok || response.status === 304 ? 0 : failures + 1;
      const updated = document.getElementById("updated");
      if (updated) {
        updated.textContent = failures ? "Cannot reach Herald; retrying." : "Updated " + new Date().toLocaleTimeString() + ".";
      }
    } catch (err) {
      failures++;
    }
  }

  countdown();
  paginate();
  setInterval(countdown, 1000);
  setInterval(poll, POLL_MS);
  // Back on the page (a phone unlocked, a tab brought forward): ask at once, not at the next tick.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  if (screen) {
    setInterval(() => { pageIndex++; paginate(); }, PAGE_MS);
    window.addEventListener("resize", paginate);
  }
})();
