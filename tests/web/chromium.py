"""A real headless Chromium for page tests, driven over the DevTools protocol.

Debian's ``chromium`` package (``.ci/run`` installs it when missing); the protocol is spoken over
aiohttp's WebSocket client, so the tests need no browser-automation package. Only what the tests
use: open a page, run a script in it, resize it, take a screenshot, and collect console errors
and Content-Security-Policy reports.
"""

from __future__ import annotations

import asyncio
import atexit
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
)
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


def executable() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Page:
    """One tab, attached with its own DevTools session."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        #: Console errors, uncaught exceptions and CSP violations seen on the page.
        self.errors: list[str] = []

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        return await self.browser.send(method, params, session=self.session)

    async def open(self, url: str) -> None:
        loaded = self.browser.expect("Page.loadEventFired", self.session)
        await self.send("Page.navigate", url=url)
        await asyncio.wait_for(loaded, 30)

    async def evaluate(self, expression: str) -> Any:
        answer = await self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in answer:
            raise AssertionError(f"script failed: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    async def size(self, width: int, height: int, *, mobile: bool = False, scale: float = 1) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=mobile,
        )

    async def scheme(self, scheme: str) -> None:
        await self.send(
            "Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": scheme}]
        )

    async def screenshot(self, path: Path) -> bytes:
        shot = await self.send("Page.captureScreenshot", format="png")
        data = base64.b64decode(shot["data"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return data

    async def wait_for(self, expression: str, *, tries: int = 120, every: float = 0.25) -> None:
        """Until ``expression`` is true in the page, checking ``tries`` times (a bound, not a timing)."""
        for _ in range(tries):
            if await self.evaluate(expression):
                return
            await asyncio.sleep(every)
        raise AssertionError(f"never true in the page: {expression}")


class Browser:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._ids = itertools.count(1)
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._waiting: list[tuple[str, str | None, asyncio.Future[dict[str, Any]]]] = []
        self.pages: dict[str, Page] = {}
        #: The browser context its pages open in (see :func:`chromium`).
        self.context: str | None = None
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            if "id" in data:
                future = self._answers.pop(data["id"], None)
                if future is not None and not future.done():
                    if "error" in data:
                        future.set_exception(AssertionError(f"DevTools: {data['error']}"))
                    else:
                        future.set_result(data.get("result", {}))
                continue
            method, session = data.get("method", ""), data.get("sessionId")
            self._note(method, session, data.get("params", {}))
            for waiting in list(self._waiting):
                name, wanted, future = waiting
                if name == method and wanted in (None, session) and not future.done():
                    future.set_result(data.get("params", {}))
                    self._waiting.remove(waiting)

    def _note(self, method: str, session: str | None, params: dict[str, Any]) -> None:
        page = self.pages.get(session or "")
        if page is None:
            return
        if method == "Runtime.exceptionThrown":
            page.errors.append(json.dumps(params.get("exceptionDetails", {}))[:300])
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            page.errors.append(params["entry"].get("text", "")[:300])
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            page.errors.append(json.dumps(params.get("args", []))[:300])

    def expect(self, method: str, session: str | None) -> asyncio.Future[dict[str, Any]]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting.append((method, session, future))
        return future

    async def send(
        self, method: str, params: dict[str, Any] | None = None, *, session: str | None = None
    ) -> Any:
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[number] = future
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        await self.ws.send_str(json.dumps(message))
        return await asyncio.wait_for(future, 30)

    async def new_page(self) -> Page:
        wanted: dict[str, Any] = {"url": "about:blank"}
        if self.context is not None:
            wanted["browserContextId"] = self.context
        target = await self.send("Target.createTarget", wanted)
        attached = await self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        page = Page(self, attached["sessionId"])
        self.pages[page.session] = page
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            await page.send(domain)
        return page


#: This test process's one Chromium (each pytest-xdist worker is a process of its own): started
#: on first use, stopped at exit. Starting one costs about a second, and the page tests ask for one
#: a dozen times; each use gets its own browser context (its own cookies, storage and cache).
_SHARED: dict[str, Any] = {}


def _stop() -> None:
    process, profile = _SHARED.pop("process", None), _SHARED.pop("profile", None)
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if profile:
        shutil.rmtree(profile, ignore_errors=True)


def _endpoint() -> str:
    """The DevTools endpoint of this process's Chromium, started if it is not running (blocking:
    call it on a worker thread)."""
    process = _SHARED.get("process")
    if process is not None and process.poll() is None:
        return str(_SHARED["endpoint"])
    _stop()
    path = executable()
    if path is None:
        raise FileNotFoundError("chromium")
    profile = tempfile.mkdtemp(prefix="herald-chromium-")
    said = Path(profile) / "stderr.log"  # a file, not a pipe: nobody has to keep draining it
    with said.open("wb") as stderr:
        process = subprocess.Popen(
            [path, *FLAGS, f"--user-data-dir={profile}/data", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            env={**os.environ, "HOME": profile},
        )
    _SHARED.update(process=process, profile=profile)
    if not _SHARED.get("registered"):
        atexit.register(_stop)
        _SHARED["registered"] = True
    for _ in range(600):  # at most 30 s
        found = LISTENING.search(said.read_text(errors="replace"))
        if found:
            _SHARED["endpoint"] = found.group(1)
            return found.group(1)
        if process.poll() is not None:
            break
        time.sleep(0.05)
    _stop()
    raise RuntimeError("Chromium did not start its DevTools endpoint")


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """A headless Chromium as new: a browser context of its own (no cookies, storage or cache from
    another test), closed afterwards. The process under it is shared by this test process."""
    endpoint = await asyncio.to_thread(_endpoint)
    async with aiohttp.ClientSession() as session, session.ws_connect(endpoint, max_msg_size=0) as ws:
        browser = Browser(ws)
        try:
            made = await browser.send("Target.createBrowserContext", {"disposeOnDetach": True})
            browser.context = made["browserContextId"]
            yield browser
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    browser.send("Target.disposeBrowserContext", {"browserContextId": browser.context}), 10
                )
            browser._reader.cancel()
