"""A second process for work that splits in two, on a system with a second processor."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor


def second_processor() -> bool:
    """Whether this process may run on more than one processor."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) > 1
    return (os.cpu_count() or 1) > 1


def second_process() -> ProcessPoolExecutor:
    """One worker process, started afresh ("spawn") rather than forked from this process
    and its threads (the live preview's among them): it imports what it runs."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
