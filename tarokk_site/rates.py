"""The rates of the site's limits (``settings.RATE_LIMITS``): a "count/period" text read as the
``limits`` package's item. The period is ``s``, ``m``, ``h`` or ``d``, optionally a multiple
(``10/5m``: ten in any five minutes), as the site has always written them; the package's own
spelling (``10/hour``, ``10 per 2 hours``) is read too. No Django here: the settings check
their rates with it when they load."""

from __future__ import annotations

import re
from functools import lru_cache

import limits
from limits import RateLimitItem

RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*([smhd])\s*$")
PERIODS: dict[str, type[RateLimitItem]] = {
    "s": limits.RateLimitItemPerSecond,
    "m": limits.RateLimitItemPerMinute,
    "h": limits.RateLimitItemPerHour,
    "d": limits.RateLimitItemPerDay,
}
NAMESPACE = "tarokk"  # a storage key's first part


class BadRate(ValueError):
    pass


@lru_cache(maxsize=256)
def rate(text: str) -> RateLimitItem:
    """The item of ``text``; ``BadRate`` naming it when it is no rate."""
    match = RATE.match(text)
    if match is not None:
        count, multiples, period = match.groups()
        if multiples and int(multiples) == 0:
            raise BadRate(f"bad rate {text!r}: a period of 0")  # untranslated: an operator's setting
        return PERIODS[period](int(count), int(multiples or 1), namespace=NAMESPACE)
    try:
        items = limits.parse_many(text)
    except ValueError:
        items = []
    if len(items) != 1:
        expected = "'count/period' expected, as 5/m, 100/h, 10/5m or 20/day"  # untranslated: a setting
        raise BadRate(f"bad rate {text!r}: {expected}")  # untranslated: an operator's setting
    item = items[0]
    return type(item)(item.amount, item.multiples, namespace=NAMESPACE)
