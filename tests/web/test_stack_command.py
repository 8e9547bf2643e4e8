"""bin/prod's processes: the client's address comes from X-Forwarded-For only when asked for
(behind a reverse proxy); otherwise the header is the client's to forge and the limits per
address would count whatever it says."""

from tarokk_site.stack import Stack


def test_web_processes_trust_proxy_headers_only_when_asked() -> None:
    plain = Stack(web=1, embedded=True, env={})
    behind = Stack(web=1, embedded=True, env={}, proxy_headers=True)
    assert "--proxy-headers" not in plain.command("web-0")[0]
    cmd, env = behind.command("web-0")
    assert "--proxy-headers" in cmd
    assert cmd[-1] == "tarokk_site.asgi:application"
    assert env["TAROKK_ROBOT_RUNNER"] == "thread"


def test_the_worker_runs_the_robots_command_and_each_web_process_drives_its_own_tables() -> None:
    stack = Stack(web=2, workers=1, env={"DATABASE_URL": "postgres://x/y", "REDIS_URL": "redis://x"})
    cmd, env = stack.command("worker-0")
    assert cmd[1:3] == ["manage.py", "robots"]
    assert "TAROKK_ROBOT_DRIVES" not in env  # the worker drives the orphans (games.autoplay.worker)
    assert stack.command("web-1")[0][-3:] == ["-p", str(stack.port + 1), "tarokk_site.asgi:application"]
    web = stack.command("web-1")[1]
    assert (web["TAROKK_ROBOT_RUNNER"], web["TAROKK_ROBOT_DRIVES"]) == ("thread", "home")
    # The embedded default drives every table.
    assert "TAROKK_ROBOT_DRIVES" not in Stack(web=1, embedded=True, env={}).command("web-0")[1]
