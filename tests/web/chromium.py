"""A real headless Chromium for page tests, driven over the DevTools protocol.

Debian's ``chromium`` package (``.ci/run`` installs it when missing); the protocol is spoken over
aiohttp's WebSocket client, so the tests need no browser-automation package. Only what the tests
use: open a page, run a script in it, resize it, take a screenshot, and collect console errors
and Content-Security-Policy reports.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import tempfile
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
        target = await self.send("Target.createTarget", {"url": "about:blank"})
        attached = await self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        page = Page(self, attached["sessionId"])
        self.pages[page.session] = page
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            await page.send(domain)
        return page


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """A headless Chromium on a new empty profile, closed (and its profile deleted) afterwards."""
    path = executable()
    if path is None:
        raise FileNotFoundError("chromium")
    profile = tempfile.mkdtemp(prefix="herald-chromium-")
    process = await asyncio.create_subprocess_exec(
        path,
        *FLAGS,
        f"--user-data-dir={profile}",
        "about:blank",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "HOME": profile},
    )
    try:
        assert process.stderr is not None
        endpoint = None
        for _ in range(200):
            line = (await asyncio.wait_for(process.stderr.readline(), 30)).decode(errors="replace")
            if not line:
                break
            found = LISTENING.search(line)
            if found:
                endpoint = found.group(1)
                break
        if endpoint is None:
            raise RuntimeError("Chromium did not start its DevTools endpoint")
        drain = asyncio.create_task(process.stderr.read())
        async with aiohttp.ClientSession() as session, session.ws_connect(endpoint, max_msg_size=0) as ws:
            browser = Browser(ws)
            try:
                yield browser
            finally:
                browser._reader.cancel()
        drain.cancel()
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()
        shutil.rmtree(profile, ignore_errors=True)
