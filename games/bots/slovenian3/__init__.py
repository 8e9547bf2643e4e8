"""The Slovenian Tarok policies of the robot levels (slovenian3.md): ``randomly``; ``basic``
(rules of thumb, judging hands with ``hand``, card play in ``play`` over ``knowledge``);
``strong`` (Monte Carlo search over the card play, on worlds dealt by ``sampler``)."""
