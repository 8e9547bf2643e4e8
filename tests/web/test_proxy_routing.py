"""The production proxy's routing (deploy/nginx.conf), run with nginx in front of two stand-in
web processes that answer with their name: a table's page, socket and moves reach one process,
the tables spread over both, everything else is served, and the tables of a process that
fails move to the other."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)

# bin/test installs nginx; without it (a machine set up otherwise) these tests cannot run.
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (bin/test installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Process:
    """A stand-in web process: every request is answered with its name."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.port = free_port()
        this = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                body = this.name.encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


SCRIPT = (ROOT / "static" / "js" / "site.js").read_bytes()
HASHED_SCRIPT = f"js/site.{hashlib.md5(SCRIPT).hexdigest()[:12]}.js"


def collected_files(static: Path) -> None:
    """Files as collectstatic writes them (tarokk_site/static_files.py): a script by the name
    with its content's hash, its gzip copy beside it, and by its own name; an icon (no copy)."""
    (static / "js").mkdir(parents=True)
    (static / "img").mkdir()
    (static / HASHED_SCRIPT).write_bytes(SCRIPT)
    (static / f"{HASHED_SCRIPT}.gz").write_bytes(gzip.compress(SCRIPT))
    (static / "js" / "site.js").write_bytes(SCRIPT)
    shutil.copy(ROOT / "static" / "img" / "favicon.svg", static / "img" / "favicon.svg")


@pytest.fixture
def proxy() -> Iterator[tuple[int, Process, Process]]:
    """nginx running deploy/nginx.conf, its two web processes (web1, web2) these stand-ins."""
    web1, web2 = Process("web1"), Process("web2")
    port = free_port()
    with tempfile.TemporaryDirectory() as directory:
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        for name, process in (("web1", web1), ("web2", web2)):
            assert conf.count(f"server {name}:8000") == 2  # in both upstreams
            conf = conf.replace(f"server {name}:8000", f"server 127.0.0.1:{process.port}")
        assert "listen 80;" in conf
        conf = conf.replace("listen 80;", f"listen 127.0.0.1:{port};")
        conf = conf.replace("alias /srv/static/;", f"alias {directory}/static/;")
        (Path(directory) / "site.conf").write_text(conf)
        collected_files(Path(directory) / "static")
        temp = {name: f"{directory}/{name}" for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
        (Path(directory) / "nginx.conf").write_text(
            f"pid {directory}/nginx.pid;\nerror_log {directory}/error.log;\nevents {{}}\nhttp {{\n"
            f"  access_log off;\n  include /etc/nginx/mime.types;\n"  # as nginx's own nginx.conf
            f"  client_body_temp_path {temp['body']};\n  proxy_temp_path {temp['proxy']};\n"
            f"  fastcgi_temp_path {temp['fastcgi']};\n  uwsgi_temp_path {temp['uwsgi']};\n"
            f"  scgi_temp_path {temp['scgi']};\n"
            f"  include {directory}/site.conf;\n}}\n"
        )
        os.chmod(directory, 0o777)  # nginx's workers may run as another user
        command = [NGINX, "-p", directory, "-e", f"{directory}/error.log", "-c", f"{directory}/nginx.conf"]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        server = subprocess.Popen([*command, "-g", "daemon off;"], stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    assert server.poll() is None, server.stderr.read() if server.stderr else ""
                    assert time.monotonic() < deadline, "nginx did not start"
                    time.sleep(0.05)
            yield port, web1, web2
        finally:
            server.terminate()
            server.wait(timeout=10)
            web1.stop()
            web2.stop()


def served_by(port: int, path: str, method: str = "GET") -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Length": "0"} if method == "POST" else {}
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        assert response.status == 200, (path, response.status)
        return response.read().decode()
    finally:
        connection.close()


CODES = [f"t{n:03d}x" for n in range(40)]


def test_a_tables_page_socket_and_moves_reach_one_process_and_the_tables_spread(proxy):
    port, _web1, _web2 = proxy
    homes = {}
    for code in CODES:
        answers = {
            served_by(port, f"/r/{code}/"),
            served_by(port, f"/r/{code}/"),
            served_by(port, f"/ws/r/{code}/"),
            served_by(port, f"/r/{code}/act", "POST"),
            served_by(port, f"/r/{code}/view.json"),
        }
        assert len(answers) == 1, (code, answers)
        homes[code] = answers.pop()
    assert set(homes.values()) == {"web1", "web2"}  # 40 tables, not all on one process
    # The rest of the site is served by either process, each in turn as they are free.
    assert {served_by(port, "/") for _ in range(6)} <= {"web1", "web2"}
    assert served_by(port, "/ws/lobby/") in {"web1", "web2"}
    assert served_by(port, "/rooms/new", "POST") in {"web1", "web2"}


def test_the_tables_of_a_process_that_fails_move_to_the_other(proxy):
    port, web1, _web2 = proxy
    on_web1 = [code for code in CODES if served_by(port, f"/r/{code}/") == "web1"]
    assert on_web1
    web1.stop()
    for code in on_web1:
        assert served_by(port, f"/r/{code}/") == "web2"
        assert served_by(port, f"/ws/r/{code}/") == "web2"


def fetched(port: int, path: str, **headers: str) -> tuple[http.client.HTTPResponse, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


def test_static_files_a_hashed_name_kept_for_ever_and_sent_compressed(proxy):
    port = proxy[0]
    hashed, body = fetched(port, f"/static/{HASHED_SCRIPT}", **{"Accept-Encoding": "gzip"})
    assert hashed.status == 200 and hashed.getheader("Content-Type") == "application/javascript"
    assert hashed.getheader("Cache-Control") == "max-age=315360000, public, immutable"
    assert hashed.getheader("Content-Encoding") == "gzip" and gzip.decompress(body) == SCRIPT
    assert hashed.getheader("Vary") == "Accept-Encoding"  # a shared cache keeps both
    plain, body = fetched(port, f"/static/{HASHED_SCRIPT}")  # to a client that takes no gzip
    assert plain.getheader("Content-Encoding") is None and body == SCRIPT
    # A name without a hash (a page saved before the hashes) is kept a minute.
    unhashed, body = fetched(port, "/static/js/site.js")
    assert unhashed.status == 200 and unhashed.getheader("Cache-Control") == "max-age=60" and body == SCRIPT
    # A picture without a gzip copy is compressed on the way.
    icon, body = fetched(port, "/static/img/favicon.svg", **{"Accept-Encoding": "gzip"})
    assert icon.getheader("Content-Type") == "image/svg+xml" and icon.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == (ROOT / "static" / "img" / "favicon.svg").read_bytes()
