"""Static files by the names with their content's hash (tarokk_site/static_files.py, issue 34):
a changed script is a new URL in the pages once collectstatic has run, so a page never runs
last week's script; the embedded site serves a hashed name to be kept for ever, compressed for
a browser that takes it; a second collectstatic compresses only what changed."""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import shutil
import time
from pathlib import Path

import brotli
import pytest
from django.core.management import call_command

from tests.web.helpers import client_for, run_in_a_site_process

ROOT = Path(__file__).resolve().parents[2]
SITE_JS = re.compile(r'<script src="(/static/js/site\.[0-9a-f]{12}\.js)" defer>')
FOR_EVER = "max-age=315360000, public, immutable"

# What the site process answers (its ASGI application, as Daphne runs it) for each request:
# the status, the headers that matter and the body as sent, before any decompression.
SERVE = """
import asyncio, base64, json, warnings
import httpx
from tarokk_site.asgi import application

async def main(requests):
    answers = []
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        for path, encoding in requests:
            async with client.stream("GET", path, headers={"Accept-Encoding": encoding}) as r:
                body = b"".join([part async for part in r.aiter_raw()])
            headers = {k: r.headers.get(k) for k in ("cache-control", "content-encoding", "location")}
            answers.append({"status": r.status_code, **headers, "body": base64.b64encode(body).decode()})
    return answers

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    answers = asyncio.run(main(json.loads(REQUESTS)))
print(json.dumps({"answers": answers, "warnings": [str(w.message) for w in caught]}))
"""


@pytest.fixture
def static_copy(settings, tmp_path) -> tuple[Path, Path]:
    """The site's static/ copied to a folder of the test's own (the admin's files left out),
    collected into another (STATIC_ROOT) by the site's storage: (the copy, STATIC_ROOT)."""
    source, root = tmp_path / "static", tmp_path / "collected"
    shutil.copytree(ROOT / "static", source)
    settings.STATICFILES_DIRS = [source]
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.STATIC_ROOT = root
    return source, root


def collect(settings) -> None:
    call_command("collectstatic", interactive=False, verbosity=0)
    # A process started after it reads the new manifest (a running one keeps what it read).
    settings.STATIC_ROOT = settings.STATIC_ROOT


def served(root: Path, tmp_path: Path, monkeypatch, requests: list[tuple[str, str]]) -> list[dict]:
    monkeypatch.setenv("DJANGO_STATIC_ROOT", str(root))
    monkeypatch.setenv("DJANGO_SERVE_STATIC", "true")
    monkeypatch.delenv("DJANGO_DEBUG", raising=False)
    code = SERVE.replace("REQUESTS", repr(json.dumps(requests)))
    out = json.loads(run_in_a_site_process(code, tmp_path))
    assert not [w for w in out["warnings"] if "synchronous iterators" in w], out["warnings"]
    return out["answers"]


@pytest.mark.django_db
def test_a_changed_script_is_a_new_url_served_for_ever_and_compressed(
    static_copy, settings, tmp_path, monkeypatch
):
    source, root = static_copy
    collect(settings)
    before = SITE_JS.search(client_for(None).get("/").content.decode()).group(1)
    script_path = source / "js" / "site.js"
    with script_path.open("a") as script:
        script.write("\n// this week's version\n")
    # An edit made later than the first collect, as a real one is: collectstatic copies a file
    # only when its mtime is past the copy's in whole seconds (within the same second it kept the
    # old unhashed copy: a failure on a fast machine).
    later = time.time() + 5
    os.utime(script_path, (later, later))
    collect(settings)
    after = SITE_JS.search(client_for(None).get("/").content.decode()).group(1)
    assert after != before  # the page loads this week's script, never a copy kept from last week
    new = (root / after.removeprefix("/static/")).read_bytes()
    assert new.endswith(b"// this week's version\n")
    old = (root / before.removeprefix("/static/")).read_bytes()
    assert not old.endswith(b"// this week's version\n")  # a page loaded before still gets its own

    asked = [(after, "gzip"), (after, "br, gzip"), (after, "identity"), ("/static/js/site.js", "gzip")]
    gz, br, plain, unhashed, icon = served(root, tmp_path, monkeypatch, [*asked, ("/favicon.ico", "")])
    for answer in (gz, br, plain):
        assert answer["status"] == 200 and answer["cache-control"] == FOR_EVER
    assert gz["content-encoding"] == "gzip" and gzip.decompress(base64.b64decode(gz["body"])) == new
    assert br["content-encoding"] == "br" and brotli.decompress(base64.b64decode(br["body"])) == new
    assert plain["content-encoding"] is None and base64.b64decode(plain["body"]) == new
    # The name without a hash (a page saved before the hashes) is kept a minute only.
    assert unhashed["status"] == 200 and unhashed["cache-control"] == "max-age=60, public"
    assert base64.b64decode(unhashed["body"]) == (source / "js" / "site.js").read_bytes()
    assert icon["status"] == 302 and re.fullmatch(r"/static/img/favicon\.[0-9a-f]{12}\.svg", icon["location"])


def test_a_second_collectstatic_compresses_only_the_changed_files_again(static_copy, settings):
    source, root = static_copy
    collect(settings)

    def compressed() -> dict[str, int]:
        # When each compressed copy was last written (its change time: whitenoise sets its
        # modification time to the file's).
        copies = [p for p in root.rglob("*") if p.suffix in (".gz", ".br")]
        return {str(p.relative_to(root)): p.stat().st_ctime_ns for p in copies}

    first = compressed()
    hashed_css = next(p for p in (root / "css").glob("site.*.css"))
    assert {f"css/{hashed_css.name}.gz", f"css/{hashed_css.name}.br"} <= set(first)
    assert "css/site.css.gz" not in first  # the name without a hash is served as it is
    # A copy cut short (a collectstatic killed while writing it) is written again, whole.
    cut = root / next(n for n in first if n.startswith("js/keys.") and n.endswith(".gz"))
    cut.write_bytes(cut.read_bytes()[:20])
    (source / "js" / "site.js").write_text("// changed\n" + (source / "js" / "site.js").read_text())
    collect(settings)
    second = compressed()
    again = {name for name in first if second[name] != first[name]}
    cut_name = str(cut.relative_to(root))
    assert again == {cut_name, cut_name.removesuffix(".gz") + ".br"}
    new = set(second) - set(first)
    assert len(new) == 2 and all(re.fullmatch(r"js/site\.[0-9a-f]{12}\.js\.(gz|br)", n) for n in new)
    assert gzip.decompress(cut.read_bytes()) == cut.with_suffix("").read_bytes()
