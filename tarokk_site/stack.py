"""The production shape without Docker: migrate, then N Daphne processes on consecutive ports
and one robot worker, all reading the same DATABASE_URL and REDIS_URL.

    python -m tarokk_site.stack --web 2 --port 8001      # bin/prod does this

serves http://127.0.0.1:8001/ and http://127.0.0.1:8002/ (put a reverse proxy in front for one
address: deploy/nginx.conf) and runs ``manage.py robots``; each web process drives the robots of
the tables it is home to (``TAROKK_ROBOT_DRIVES=home``), the worker those whose home died. It
restarts a process that dies and stops them all on SIGINT or
SIGTERM. The tests and bench/load.py drive the same class, ``Stack``, from Python.

``--embedded`` starts the embedded default instead (one process, SQLite, in-memory channels,
robots in a thread), for comparison.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO

from tarokk_site import secret_settings

ROOT = Path(__file__).resolve().parent.parent

# The command line's help (this tool runs without Django, so in English, as manage.py's commands).
HELP = {
    "workers": "robot workers (default 1; 0: none here)",  # untranslated: command-line help
    "no-migrate": "skip migrate and collectstatic",  # untranslated: command-line help
    "embedded": "one process on SQLite instead",  # untranslated: command-line help
    "log-dir": "write each process's output there",  # untranslated: command-line help
    "proxy-headers": (
        "take the client's address from X-Forwarded-For"  # untranslated: command-line help
        " (only behind a reverse proxy)"
    ),
}


class StackError(RuntimeError):
    pass


class Stack:
    """The processes of one site: ``web-0`` .. ``web-N-1`` and ``worker-0`` (more workers are
    allowed: they race for each robot move and exactly one wins)."""

    def __init__(
        self,
        web: int = 2,
        port: int = 8001,
        host: str = "127.0.0.1",
        workers: int = 1,
        env: Mapping[str, str] | None = None,
        log_dir: Path | None = None,
        embedded: bool = False,
        python: str = sys.executable,
        poll: float = 0.1,
        access_log: bool = True,
        proxy_headers: bool = False,
    ) -> None:
        if embedded and web != 1:
            raise StackError("the embedded default is one process")  # untranslated: CLI output
        self.web = web
        self.port = port
        self.host = host
        self.workers = 0 if embedded else workers
        self.embedded = embedded
        self.python = python
        self.poll = poll
        self.access_log = access_log
        # Behind a reverse proxy, the client's address (which the limits count by) comes from
        # its X-Forwarded-For; without one that header is the client's to forge, so it is off.
        self.proxy_headers = proxy_headers
        self.log_dir = log_dir
        self.env = dict(os.environ if env is None else env)
        self.env.setdefault("PYTHONUNBUFFERED", "1")
        if embedded:
            for name in ("DATABASE_URL", "REDIS_URL"):
                self.env.pop(name, None)
        else:
            missing = [n for n in ("DATABASE_URL", "REDIS_URL") if not self.env.get(n)]
            if missing:
                needs = f"the production shape needs {' and '.join(missing)}"  # untranslated: CLI output
                raise StackError(needs)
        refusal = secret_settings.start_up_refusal(self.env)
        if refusal is not None:
            raise StackError(refusal)  # before any process starts and restarts for ever
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self._logs: dict[str, IO[bytes]] = {}

    # --- what it serves ----------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [f"web-{i}" for i in range(self.web)] + [f"worker-{i}" for i in range(self.workers)]

    def url(self, index: int = 0) -> str:
        return f"http://{self.host}:{self.port + index}"

    @property
    def urls(self) -> list[str]:
        return [self.url(i) for i in range(self.web)]

    # --- life cycle --------------------------------------------------------------------

    def prepare(self) -> None:
        """Migrate and collect static files (the one-shot job of docker-compose.yml)."""
        self._manage("migrate", "--noinput")
        self._manage("collectstatic", "--noinput", "--verbosity", "0")

    def start(self, prepare: bool = True, timeout: float = 30) -> Stack:
        if prepare:
            self.prepare()
        for name in self.names:
            self.start_one(name)
        self.wait_ready(timeout)
        return self

    def command(self, name: str) -> tuple[list[str], dict[str, str]]:
        """The command line and environment of the process ``name``."""
        env = dict(self.env)
        if name.startswith("worker-"):
            return [self.python, "manage.py", "robots", "--poll", str(self.poll)], env
        index = int(name.split("-")[1])
        # Each web process drives the robots of the tables it is home to (games.services.homes),
        # the worker those whose home died; the embedded default drives every table.
        env["TAROKK_ROBOT_RUNNER"] = env.get("TAROKK_ROBOT_RUNNER", "thread")
        if not self.embedded:
            env.setdefault("TAROKK_ROBOT_DRIVES", "home")
        cmd = [self.python, "-m", "daphne", "-b", self.host, "-p", str(self.port + index)]
        if self.proxy_headers:
            cmd.append("--proxy-headers")
        if not self.access_log:
            cmd += ["-v", "0"]
        return [*cmd, "tarokk_site.asgi:application"], env

    def start_one(self, name: str) -> None:
        if name in self.procs and self.procs[name].poll() is None:
            raise StackError(f"{name} is already running")  # untranslated: CLI output
        cmd, env = self.command(name)
        out: IO[bytes] | int | None = None
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            out = self._logs[name] = open(self.log_dir / f"{name}.log", "ab")  # noqa: SIM115
        self.procs[name] = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT if out else None,
            preexec_fn=_die_with_parent,
        )

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        for index, url in enumerate(self.urls):
            name = f"web-{index}"
            while True:
                proc = self.procs.get(name)
                if proc is not None and proc.poll() is not None:
                    exited = (
                        f"{name} exited with {proc.returncode}{self._tail(name)}"  # untranslated: CLI output
                    )
                    raise StackError(exited)
                try:
                    with urllib.request.urlopen(f"{url}/accounts/login/", timeout=2):
                        break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    if time.monotonic() > deadline:
                        silent = (
                            f"{name} did not answer on {url}{self._tail(name)}"  # untranslated: CLI output
                        )
                        raise StackError(silent) from None
                    time.sleep(0.1)

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.procs[name]
        proc.send_signal(sig)
        proc.wait(10)

    def restart(self, name: str, timeout: float = 30) -> None:
        self.start_one(name)
        if name.startswith("web-"):
            self.wait_ready(timeout)

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        for log in self._logs.values():
            log.close()
        self._logs.clear()

    def __enter__(self) -> Stack:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def supervise(self, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Restart whichever process dies, until told to stop."""
        while not should_stop():
            for name, proc in list(self.procs.items()):
                if proc.poll() is not None:
                    restarting = (
                        f"stack: {name} exited with {proc.returncode}; restarting"  # untranslated: CLI output
                    )
                    print(restarting, file=sys.stderr)
                    self.start_one(name)
            time.sleep(0.5)

    # --- helpers -----------------------------------------------------------------------

    def _manage(self, *args: str) -> None:
        done = subprocess.run(
            [self.python, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True
        )
        if done.returncode != 0:
            failed = (
                f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}"  # untranslated: CLI output
            )
            raise StackError(failed)

    def _tail(self, name: str) -> str:
        if self.log_dir is None:
            return ""
        path = self.log_dir / f"{name}.log"
        if not path.exists():
            return ""
        return "\n" + "\n".join(path.read_text(errors="replace").splitlines()[-30:])


def _die_with_parent() -> None:
    """In the child, before exec: on Linux, get SIGTERM when the process that started it dies,
    so that a killed supervisor, test run or benchmark leaves no server behind."""
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tarokk_site.stack", description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", type=int, default=int(os.environ.get("WEB_PROCESSES", "2")))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8001")))
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--workers", type=int, default=1, help=HELP["workers"])
    parser.add_argument("--no-migrate", action="store_true", help=HELP["no-migrate"])
    parser.add_argument("--embedded", action="store_true", help=HELP["embedded"])
    parser.add_argument("--log-dir", type=Path, default=None, help=HELP["log-dir"])
    parser.add_argument(
        "--proxy-headers",
        action="store_true",
        help=HELP["proxy-headers"],
    )
    args = parser.parse_args(argv)
    try:
        stack = Stack(
            web=1 if args.embedded else args.web,
            port=args.port,
            host=args.host,
            workers=args.workers,
            embedded=args.embedded,
            log_dir=args.log_dir,
            proxy_headers=args.proxy_headers,
        )
        stopping = False

        def stop(signum: int, frame: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        with stack:
            stack.start(prepare=not args.no_migrate)
            for url in stack.urls:
                print(f"stack: serving {url}/", flush=True)
            print(f"stack: {stack.workers} robot worker(s) running", flush=True)  # untranslated: CLI output
            stack.supervise(lambda: stopping)
    except StackError as exc:
        print(f"stack: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
