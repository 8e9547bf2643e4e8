"""The limits count in a moving window (issue 33): a door lets at most its count through in any
span of its period, whatever the clock reads (a fixed window let 486 moves through a 300-a-minute
limit in 13.5 s, across its turn), in this process's memory as in Redis; the ``Retry-After`` of
a refusal is when the door opens again; the rates read as the settings write them."""

from __future__ import annotations

import os
import time
import uuid
from typing import Any

import pytest

from tarokk_site import limits, rates
from tarokk_site.settings import _rate_limits

START = 1_800_000_000.25  # a clock reading with few digits: Redis's replies keep them all


class Clock:
    """The process's clock (``time.time``), moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(time, "time", clock)
    return clock


@pytest.fixture(params=["memory", "redis"])
def storage(request: pytest.FixtureRequest, settings: Any) -> str:
    """The embedded storage, and Redis when there is one (``REDIS_URL``, as in production)."""
    if request.param == "redis":
        url = os.environ.get("REDIS_URL") or settings.REDIS_URL
        if not url:
            pytest.skip("needs REDIS_URL=redis://... (the production storage)")
        settings.RATE_LIMITS_STORAGE = url
        settings.RATE_LIMITS_PREFIX = f"limits-test-{uuid.uuid4().hex[:8]}"
        request.addfinalizer(limits.reset)  # its keys, before the settings move back
    else:
        settings.RATE_LIMITS_STORAGE = "memory://"
    return request.param


def tries(clock: Clock, count: int, users: list[int], every: float = 1.0) -> dict[int, list[Any]]:
    """Each user tries the ``act`` door ``count`` times, ``every`` seconds: what each try got
    (its time, and the refusal or None)."""
    got: dict[int, list[Any]] = {user: [] for user in users}
    for _ in range(count):
        for user in users:
            got[user].append((clock.now, limits.hit("act", user_id=user)))
        clock.now += every
    return got


def test_no_span_of_the_period_lets_more_than_the_rate_through(settings, clock, storage):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "act": {"user": "5/m"}}
    # A try every second for three minutes: a fixed window lets five through at the end of one
    # window and five more at the start of the next (several users: each had its own window).
    got = tries(clock, 180, users=[1, 2, 3])
    for user, tried in got.items():
        let_in = [at for at, refused in tried if refused is None]
        busiest = max(sum(1 for other in let_in if at <= other < at + 60) for at in let_in)
        assert busiest == 5, (user, [at - START for at in let_in])
        # ... and no fewer: five as soon as the first of the last five is a minute old.
        assert [at - START for at in let_in] == [0, 1, 2, 3, 4, 61, 62, 63, 64, 65, 122, 123, 124, 125, 126]


def test_a_refusal_waits_until_the_door_opens_again(settings, clock, storage):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "act": {"user": "5/m"}}
    # Every 1.125 s (exact in binary): no try falls on the very instant a use leaves the window,
    # which the library counts as in the window when it refuses, out of it in its window's stats.
    got = tries(clock, 120, users=[4], every=1.125)[4]
    let_in = [at for at, refused in got if refused is None]
    refusals = [(at, refused) for at, refused in got if refused is not None]
    assert len(refusals) > 60 and all(refused.door == "act" for _, refused in refusals)
    for at, refused in refusals:
        # The door opens once the fifth-last use let in is a minute old: the wait is the whole
        # seconds until then, rounded up.
        opens = [other for other in let_in if other < at][-5] + 60
        assert at + refused.retry_after - 1 <= opens < at + refused.retry_after, (at - START, refused)
    # Coming back then, the door is open.
    at, refused = refusals[-1]
    clock.now = at + refused.retry_after
    assert limits.hit("act", user_id=4) is None


def test_the_user_and_the_address_are_counted_apart(settings, clock, storage):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "act": {"user": "2/h", "ip": "3/h"}}
    assert [limits.hit("act", 1, "10.0.0.1") for _ in range(2)] == [None, None]
    clock.now += 600
    # The user's third: refused until the first leaves the hour, in 50 minutes (the address
    # counts it: its third).
    refused = limits.hit("act", 1, "10.0.0.1")
    assert refused is not None and refused.retry_after == 3000 + 1
    clock.now += 60
    refused = limits.hit("act", 2, "10.0.0.1")  # another user, the address's fourth
    assert refused is not None and refused.retry_after == 2940 + 1
    assert limits.hit("act", 2, "10.0.0.2") is None  # the same user elsewhere


def test_the_storage_being_down_lets_people_play(settings, caplog):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "act": {"user": "0/h"}}
    settings.RATE_LIMITS_STORAGE = "redis://127.0.0.1:1/0"  # nothing listens there
    assert limits.hit("act", 1, "10.0.0.1") is None
    assert "rate limit act.user could not be counted" in caplog.text


def test_a_closed_door_says_when_its_whole_period_is_over(settings, storage):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "play": {"user": "0/h"}}
    refused = limits.hit("play", 1)
    assert refused is not None and 3599 <= refused.retry_after <= 3601


@pytest.mark.parametrize(
    ("text", "count", "seconds"),
    [
        ("50/h", 50, 3600),
        ("300/m", 300, 60),
        ("10/5m", 10, 300),
        ("1/s", 1, 1),
        ("3/d", 3, 86400),
        ("20/hour", 20, 3600),
        ("0/h", 0, 3600),
    ],
)
def test_rates_read_as_the_settings_write_them(text, count, seconds):
    item = rates.rate(text)
    assert (item.amount, item.get_expiry()) == (count, seconds)


@pytest.mark.parametrize(
    "spec", ["act.user=5/x", "act.user=often", "act.user=5/0m", "gust.ip=5/m", "act.who=5/m"]
)
def test_a_rate_limit_setting_that_cannot_be_read_stops_the_start(spec):
    with pytest.raises(ValueError, match=f"TAROKK_RATE_LIMITS: '?{spec.partition('=')[0]}"):
        _rate_limits(spec)


def test_the_overrides_change_only_what_they_name():
    limits_ = _rate_limits("room.user=3/10m, act.ip=0")
    assert limits_["room"] == {"user": "3/10m", "ip": "100/h"}
    assert limits_["act"] == {"user": "300/m", "ip": ""}
