"""What the process asks of the system at start-up."""

from __future__ import annotations

import resource


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's open-file limit (soft) to its hard limit where the system allows it;
    returns (before, after). Called at start-up, before any connection is accepted."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return soft, soft
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]
