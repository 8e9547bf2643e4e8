"""Run a server's command line as this process's ``__main__``, for the wrappers that count
(``bench/counted.py``) or profile (``bench/profiled.py``) a server process from inside it:
``-m module args…`` as ``python -m`` runs it, else ``script args…`` from the project root."""

from __future__ import annotations

import runpy
import sys


def run_as_main(command: list[str]) -> None:
    if command[0] == "-m":
        sys.argv = command[1:]
        runpy.run_module(command[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = command
        sys.path.insert(0, ".")
        runpy.run_path(command[0], run_name="__main__")
