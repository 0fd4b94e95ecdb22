"""What the tests that press Ctrl-C on a child process share."""

from __future__ import annotations

import signal


def as_at_a_terminal() -> None:
    """In the child, before it starts (a ``preexec_fn``): Ctrl-C as a terminal delivers it.

    A child inherits an ignored or blocked SIGINT from the process that starts it (here a test
    worker, which some library it hosted may have left so), and would then never see the
    Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
