"""The pages in a visitor's language as a real headless Chromium shows them: a Spanish browser
(Accept-Language es-ES) reads Spanish and switches to English; an event in Spanish reads Spanish
in a browser that prefers English; a Crusade campaign's hostile names show as text. One browser
for the whole module's checks (CI time); screenshots under ``out/web/`` for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules.i18n import force_offer
from tests.web import chromium
from tests.web.pages_helpers import HOSTILE, Store, cup, hostile_campaign, served
from web.server import WebServer

OUT = Path(__file__).resolve().parents[2] / "out" / "web"

if chromium.executable() is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Debian's chromium for the web page tests: .ci/run installs it")
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)

TEXT = "document.body.innerText"


async def _accept(page: chromium.Page, languages: str) -> None:
    """The browser's language preference, as its Accept-Language header sends it."""
    version = await page.browser.send("Browser.getVersion")
    agent = version["userAgent"]
    await page.send("Emulation.setUserAgentOverride", userAgent=agent, acceptLanguage=languages)


async def test_pages_in_the_visitors_language_in_a_browser() -> None:
    store = Store()
    store.put("cup", "tournament", {"tournament": cup().model_dump(mode="json")})
    store.put("spanish", "tournament", {"tournament": cup(language="es-ES").model_dump(mode="json")})
    store.put("crusade", "crusade", {"campaign": hostile_campaign().model_dump(mode="json")})
    _source, app = served(store)
    server = WebServer(app, "127.0.0.1", 0)
    port = await server.start()
    base = f"http://127.0.0.1:{port}"
    try:
        with force_offer("es"):
            async with chromium.chromium() as browser:
                spanish = await browser.new_page()
                await _accept(spanish, "es-ES,es")
                await spanish.size(390, 844, mobile=True)
                await spanish.open(f"{base}/t/cup")
                assert await spanish.evaluate("document.documentElement.lang") == "es"
                text = await spanish.evaluate(TEXT)
                assert "Ronda 1 de 3: en juego" in text and "Clasificación" in text, text
                assert "Buscar mi mesa" in text and "Se actualiza sola." in text
                await spanish.evaluate(
                    "(() => { const f = document.getElementById('find'); f.value = 'P1';"
                    " f.dispatchEvent(new Event('input')); })()"
                )
                await spanish.wait_for("document.getElementById('found').textContent === '1 mesa'")
                await spanish.screenshot(OUT / "phone-es.png")
                # The switch: English, kept while the page updates itself.
                await spanish.open(await spanish.evaluate("document.querySelector('a[hreflang=en]').href"))
                assert await spanish.evaluate("document.documentElement.lang") == "en"
                assert "Round 1 of 3: playing" in await spanish.evaluate(TEXT)
                await spanish.wait_for("document.getElementById('updated').textContent.startsWith('Updated')")
                assert "Standings" in await spanish.evaluate(TEXT), "the live part stays English"
                assert spanish.errors == [], spanish.errors

                screen = await browser.new_page()
                await _accept(screen, "es-ES")
                await screen.size(1920, 1080)
                await screen.open(f"{base}/t/cup?screen=1")
                await screen.wait_for("document.body.dataset.fitted === '1'")
                assert "mesa" in (await screen.evaluate(TEXT)).lower()
                fits = "document.documentElement.scrollHeight <= window.innerHeight + 1"
                assert await screen.evaluate(fits), "Spanish's longer words still fit the venue screen"
                await screen.screenshot(OUT / "projector-es.png")
                assert screen.errors == [], screen.errors

                english = await browser.new_page()
                await _accept(english, "en-US,en")
                await english.size(1280, 800)
                await english.open(f"{base}/t/spanish")
                assert await english.evaluate("document.documentElement.lang") == "es"
                assert "Ronda 1 de 3: en juego" in await english.evaluate(TEXT), "the event's own language"
                await english.screenshot(OUT / "event-in-spanish.png")

                campaign = await browser.new_page()
                await _accept(campaign, "es-ES")
                await campaign.size(1280, 900)
                await campaign.open(f"{base}/c/crusade")
                await campaign.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
                assert await campaign.evaluate("document.querySelectorAll('script, b, i').length") == 0
                text = await campaign.evaluate(TEXT)
                assert HOSTILE in text, "a hostile name shows as the text typed"
                assert "Clasificación" in text and "Crónica de la campaña" in text
                assert "1 batalla espera su confirmación." in text
                await campaign.screenshot(OUT / "crusade-es.png")
                assert campaign.errors == [], campaign.errors
    finally:
        await server.stop()
