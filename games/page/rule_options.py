"""A table's rule options on a form: the inputs the opening form shows for each game (the
lobby's table form, a tournament's), and the value a form posted for an option read back."""

from __future__ import annotations

import json
from typing import Any

from games.page.vocabulary import option_value_label
from games.rules.base import resolve_options
from tarokk_site import inputs


def option_fields(variant: Any) -> list[dict[str, Any]]:
    """The room form's inputs for a variant's rule options (one choice only: not shown).

    A choice that sets the table's seats (Bridge's ``players``, Hungarian ``five_player``)
    carries them, and a number whose default follows another option (``Option.default_if``)
    carries those defaults: the page's script fits the robots choice and the number to them.
    """
    fields = []
    for option in variant.options:
        if option.choices is not None and len(option.choices) < 2:
            continue
        field: dict[str, Any] = {"name": option.name, "label": option.label or option.name}
        if option.choices is not None:
            seats = [
                variant.seat_count(resolve_options(variant.options, {option.name: c})) for c in option.choices
            ]
            sets_seats = len(set(seats)) > 1
            field["choices"] = [
                (
                    option_text(c),
                    option_value_label(c, variant.key),
                    c == option.default,
                    n if sets_seats else None,
                )
                for c, n in zip(option.choices, seats, strict=True)
            ]
        else:
            field.update(number=True, default=option.default, minimum=option.minimum, maximum=option.maximum)
            if option.default_if:
                field["default_if"] = json.dumps([[n, option_text(v), d] for n, v, d in option.default_if])
        fields.append(field)
    return fields


def option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_value(option: Any, raw: str) -> Any:
    """The value a form or a script posted for ``option``: one of its choices as the form
    writes it (Slovenian ``no_tarok_redeal`` has a choice called "off", which is no boolean),
    else yes/no words for a yes-or-no option, else a whole number; anything else is left as
    posted, for the option to refuse by name."""
    lowered = raw.strip().lower()
    for choice in option.choices or ():
        if lowered == option_text(choice).lower():
            return choice
    if isinstance(option.default, bool):
        if lowered in {"true", "on", "yes"}:
            return True
        if lowered in {"false", "off", "no"}:
            return False
    try:
        return inputs.whole_number(raw, option.name)
    except inputs.BadInput:
        return raw
