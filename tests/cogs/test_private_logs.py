"""Nothing private reaches the log, even with Herald's own logging at DEBUG (issue 16, item 4)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.__main__ import configure_logging
from bot.offline import OfflineDriver
from bot.settings import Settings


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.NOTSET)
        self.lines: list[str] = []
        self.libraries = "WARNING"

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture(params=["WARNING", "DEBUG"])
def debug_log(request: pytest.FixtureRequest) -> Iterator[Capture]:
    """Herald at DEBUG; the libraries at their default (WARNING) or, as a control, DEBUG too."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("herald").level)
    configure_logging(Settings(log_level="DEBUG", library_log_level=request.param, _env_file=None))
    capture = Capture()
    capture.libraries = request.param
    root.addHandler(capture)
    try:
        yield capture
    finally:
        root.handlers[:] = saved[1]
        root.setLevel(saved[0])
        logging.getLogger("herald").setLevel(saved[2])


async def test_a_classified_draw_at_debug_logs_no_card(driver: OfflineDriver, debug_log: Capture) -> None:
    recorded = await driver.command(
        "/its classified record cards:Sabotage, Extreme Prejudice mission:Frostbyte"
    )
    assert recorded.message.ephemeral and "Sabotage" in recorded.message.text
    other = driver.add_channel("other")
    drawn = await driver.command("/its classified draw mission:Acquisition", channel=other)
    private = [m for m in drawn.messages if m.ephemeral]
    assert private
    text = " ".join(debug_log.lines)
    assert "interaction application_command" in text  # Herald's own DEBUG lines were captured
    if debug_log.libraries == "DEBUG":
        # The control: libraries at DEBUG do print the private cards, so the check below can fail.
        assert "Sabotage" in text
        return
    for secret in ("Sabotage", "Extreme Prejudice", "offline-"):  # card names, interaction tokens
        assert secret not in text
