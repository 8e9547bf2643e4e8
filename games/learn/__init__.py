"""Learn to play (issue 21): a rules page per game, ``/learn/<game>/``.

The prose lives in templates/learn/<game>.html; the worked examples (``examples``) are scenarios
run through each game's own scoring, and the options' texts (``options``) sit beside
``variant.options``, so a page cannot drift from the code it explains. ``first_visit`` offers
the lobby's visitor each game they have not yet played a hand of to its end.
"""
