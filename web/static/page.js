// Herald tournament page: polls the live part, counts the round timer down, pages long lists on
// the venue screen, filters games by a name ("Find my table"). Our own script, served by Herald;
// no other code runs on the page.
"use strict";
(function () {
  const body = document.body;
  const liveUrl = body.dataset.live;
  const screen = body.classList.contains("screen");
  let etag = body.dataset.etag || "";
  // What the script writes itself, in the page's language (the page sets them; English if not).
  let words = {};
  try { words = JSON.parse(body.dataset.words || "{}"); } catch (err) { words = {}; }
  function say(key, fallback, values) {
    let text = words[key] || fallback;
    for (const [name, value] of Object.entries(values || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  }
  const lang = document.documentElement.lang || undefined;
  let failures = 0;
  const POLL_MS = 3000;
  const PAGE_MS = 8000;

  function countdown() {
    for (const el of document.querySelectorAll("[data-ends]")) {
      const left = Math.round((Date.parse(el.dataset.ends) - Date.now()) / 1000);
      if (Number.isNaN(left)) continue;
      if (left <= 0) {
        el.textContent = say("time", "Round timer: time!");
        el.classList.add("over");
      } else {
        const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
        const mm = String(m).padStart(h ? 2 : 1, "0"), ss = String(s).padStart(2, "0");
        el.textContent = say("left", "Round timer: {time} left", { time: (h ? h + ":" : "") + mm + ":" + ss });
      }
    }
  }

  // The venue screen: the largest type with which everything fits, in the roomiest layout that
  // takes it; long lists are paged only when even the smallest type does not fit.
  const LAYOUTS = [
    { dense: false, split: false, least: 22 },
    { dense: true, split: false, least: 14 },
    { dense: true, split: true, least: 12 },
  ];
  let paged = false;

  function mainTable() {
    return document.querySelector("#live > section.table-wrap > table.standings, #live > section.table-wrap > .tables");
  }

  // Standings in two columns: the rows after the first half move to a second table beside it.
  function split(on) {
    const found = mainTable();
    if (!found) return;
    if (!on && found.classList.contains("tables")) {
      const [first, second] = found.querySelectorAll("table.standings");
      for (const row of Array.from(second.tBodies[0].rows)) first.tBodies[0].appendChild(row);
      found.replaceWith(first);
    } else if (on && found.tagName === "TABLE" && found.tBodies[0] && found.tBodies[0].rows.length > 1) {
      const rows = Array.from(found.tBodies[0].rows);
      const second = found.cloneNode(false);
      if (found.tHead) second.appendChild(found.tHead.cloneNode(true));
      const body2 = found.tBodies[0].cloneNode(false);
      body2.classList.remove("pager");
      second.appendChild(body2);
      for (const row of rows.slice(Math.ceil(rows.length / 2))) body2.appendChild(row);
      const both = document.createElement("div");
      both.className = "tables";
      found.replaceWith(both);
      both.append(found, second);
    }
  }

  function layout(choice) {
    body.classList.toggle("dense", choice.dense);
    body.classList.toggle("split", choice.split);
    split(choice.split);
  }

  // The parts of the screen whose type is fitted: the round's games and the standings, each in
  // its own column, each as large as its column and the screen's height allow.
  function parts() {
    return Array.from(document.querySelectorAll("#live > section")).filter((s) => s.querySelector(".pager"));
  }

  // What must show whole: a box whose content runs past either of its sides (a right-aligned
  // name spills to the left, where scrollWidth does not see it) does not fit.
  const WIDE = "h2, .table-wrap, .tables > table, .game, .side, .score, .mhead, .match";
  const range = document.createRange();
  function spills(el) {
    if (el.scrollWidth > el.clientWidth + 1) return true;
    const box = el.getBoundingClientRect();
    range.selectNodeContents(el);
    const inner = range.getBoundingClientRect();
    return inner.width > 0 && (inner.left < box.left - 1 || inner.right > box.right + 1);
  }
  function fits(part) {
    if (part.getBoundingClientRect().bottom > window.innerHeight) return false;
    if (spills(part)) return false;
    for (const el of part.querySelectorAll(WIDE)) {
      if (spills(el)) return false;
    }
    return document.documentElement.scrollWidth <= window.innerWidth + 1;
  }

  // The largest whole pixel size from least to most with which ``part`` fits (0: none does).
  function largest(part, least, most) {
    part.style.fontSize = least + "px";
    if (!fits(part)) return 0;
    let lo = least, hi = most;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      part.style.fontSize = mid + "px";
      if (fits(part)) lo = mid; else hi = mid;
    }
    part.style.fontSize = lo + "px";
    return lo;
  }

  function fit() {
    if (!screen) return;
    body.classList.add("fitting");
    for (const el of document.querySelectorAll(".pager > .hidden")) el.classList.remove("hidden");
    for (const note of document.querySelectorAll(".pager-note")) note.remove();
    const most = Math.max(24, Math.round(window.innerHeight / 16));
    const least = (choice) => Math.max(10, Math.min(choice.least, Math.round(window.innerHeight / 70)));
    let best = null;
    for (const choice of LAYOUTS) {
      layout(choice);
      const found = parts();
      for (const part of found) part.style.fontSize = least(choice) + "px";
      const sizes = found.map((part) => largest(part, least(choice), most));
      if (sizes.some((size) => size === 0)) continue;
      const smallest = sizes.length ? Math.min(...sizes) : most;
      if (!best || smallest > best.smallest) best = { choice: choice, sizes: sizes, smallest: smallest };
    }
    paged = !best;
    layout(best ? best.choice : LAYOUTS[1]);
    // Paged: a size read from afar, as many rows a page as it holds.
    const paging = Math.max(least(LAYOUTS[1]), Math.round(window.innerHeight / 36));
    parts().forEach((part, i) => {
      part.style.fontSize = (best ? best.sizes[i] : paging) + "px";
    });
    body.classList.remove("fitting");
    if (paged) paginate();
    body.dataset.fitted = "1";
  }

  // Past that, each long list shows as many rows as fit and moves to the next ones by itself.
  let pageIndex = 0;
  function paginate() {
    if (!screen || !paged) return;
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
        note.textContent = say("page", "Page {page} of {pages}", { page: p + 1, pages: pages });
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
    const [base, rest] = liveUrl.split("/live");
    const query = rest && rest.includes("?") ? rest.slice(rest.indexOf("?")) : "";
    const response = await fetch(base + path + query, { cache: "no-store" });
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
      found.textContent = !wanted ? "" : tables
        ? say(tables === 1 ? "table" : "tables", tables === 1 ? "{n} table" : "{n} tables", { n: tables })
        : rows ? say("noTable", "No table this round") : say("nobody", "Nobody by that name");
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
        fit();
        filter();
      }
      failures = response.ok || response.status === 304 ? 0 : failures + 1;
      const updated = document.getElementById("updated");
      if (updated) {
        updated.textContent = failures ? say("offline", "Cannot reach Herald; retrying.")
          : say("updated", "Updated {time}.", { time: new Date().toLocaleTimeString(lang) });
      }
    } catch (err) {
      failures++;
    }
  }

  countdown();
  fit();
  setInterval(countdown, 1000);
  setInterval(poll, POLL_MS);
  // Back on the page (a phone unlocked, a tab brought forward): ask at once, not at the next tick.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  if (screen) {
    setInterval(() => { if (paged) { pageIndex++; paginate(); } }, PAGE_MS);
    window.addEventListener("resize", fit);
  }
})();
