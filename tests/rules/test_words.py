"""A message is a value: frozen once made, hashed and compared by what it says."""

from __future__ import annotations

import json
import pickle

import pytest

from games.rules.words import Msg, _, ngettext


def test_a_message_cannot_be_changed_after_it_is_made():
    message = _("plays {card}", card="T21")
    with pytest.raises(AttributeError):
        message.text = "passes"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del message.count
    for change in (
        lambda: message.params.__setitem__("card", "T1"),
        lambda: message.params.update(card="T1"),
        lambda: message.params.pop("card"),
        lambda: message.params.clear(),
        lambda: message.params.setdefault("suit", "hearts"),
    ):
        with pytest.raises(TypeError, match="^A message's parameters cannot change$"):
            change()
    assert message.english() == "plays T21"


def test_its_parameters_read_as_a_mapping_and_as_json():
    message = _("{player} plays {card}", player="Anna", card="T21")
    assert message.params == {"player": "Anna", "card": "T21"}
    assert message.params["card"] == "T21"
    assert json.dumps(message.params) == '{"player": "Anna", "card": "T21"}'


def test_equal_messages_hash_alike_and_survive_pickling():
    message = ngettext("{count} card", "{count} cards", 3, count=3)
    again = pickle.loads(pickle.dumps(message))
    assert again == message
    assert hash(again) == hash(message)
    assert again.english() == "3 cards"
    assert {message, again} == {message}
    assert _("plays {card}", card="T21") != _("plays {card}", card="T20")


def test_a_parameter_given_as_a_dict_is_copied_not_shared():
    params = {"card": "T21"}
    message = Msg("plays {card}", params)
    params["card"] = "T1"
    assert message.english() == "plays T21"
