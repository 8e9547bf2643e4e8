"""tarokk_site.inputs, the one reader of numbers and tokens from outside: the length is checked
before any conversion, digits are ASCII only, tokens ASCII only and compared as bytes, and each
refusal names its field."""

from __future__ import annotations

import pytest

from tarokk_site import inputs


@pytest.mark.parametrize(
    ("raw", "number"), [("0", 0), ("12", 12), (" -3 ", -3), ("2147483647", 2**31 - 1), (7, 7), ("007", 7)]
)
def test_a_whole_number_is_read_from_its_plain_decimal_writing(raw, number):
    assert inputs.whole_number(raw, "seat") == number


@pytest.mark.parametrize(
    "raw",
    [
        "1" * 4301,
        "1" * 21,
        "٣",
        "１",
        "1.5",
        "1e9",
        "0x10",
        "+1",
        "- 1",
        "1_000",
        "true",
        "[]",
        True,
        1.0,
        [],
    ],
)
def test_anything_else_is_refused_naming_the_field_and_quoting_the_value_short(raw):
    with pytest.raises(inputs.BadInput) as refusal:
        inputs.whole_number(raw, "seat")
    assert refusal.value.field == "seat"
    assert str(refusal.value).startswith("seat must be a whole number, not ")
    assert len(str(refusal.value)) < 100


@pytest.mark.parametrize("raw", [None, "", "  "])
def test_a_missing_number_is_required(raw):
    with pytest.raises(inputs.BadInput, match="^seq is required$"):
        inputs.whole_number(raw, "seq")


def test_the_bounds_are_checked_and_named():
    with pytest.raises(inputs.BadInput, match="^seq must be at least 0, not -1$"):
        inputs.whole_number("-1", "seq", lo=0)
    with pytest.raises(inputs.BadInput, match="^seat must be at most 3, not 4$"):
        inputs.whole_number("4", "seat", lo=0, hi=3)
    with pytest.raises(inputs.BadInput, match=f"^seq is too large: {2**40}$"):
        inputs.whole_number(2**40, "seq")
    with pytest.raises(inputs.BadInput, match="^seq is too large: …$"):
        inputs.whole_number(10**4000, "seq")  # a number too long for str() itself is not quoted


def test_a_token_is_its_ascii_bytes_and_compared_as_bytes():
    assert inputs.token(" abc-_9 ", "invite", 32) == b"abc-_9"
    assert inputs.token(None, "invite", 32) == inputs.token("", "invite", 32) == b""
    assert inputs.same_token(b"abc", "abc") and not inputs.same_token(b"abd", "abc")
    assert not inputs.same_token(b"", "")  # no token is never the token


@pytest.mark.parametrize("raw", ["é", "٣", "a b", "a\x00", "x" * 33])
def test_a_token_that_is_not_printable_ascii_or_too_long_is_refused(raw):
    with pytest.raises(inputs.BadInput, match="^invite is not a valid link: ask for a new one$"):
        inputs.token(raw, "invite", 32)


@pytest.mark.parametrize(
    ("raw", "path"),
    [
        ("/r/abc/", "/r/abc/"),
        (None, "/"),
        ("", "/"),
        ("inf", "/"),
        ("lobby", "/"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
        ("/r/abc/\nSet-Cookie: x=1", "/"),
        ("/\x7f", "/"),
    ],
)
def test_a_next_page_is_a_path_of_this_site_or_home(raw, path):
    assert inputs.local_path(raw, "testserver") == path
