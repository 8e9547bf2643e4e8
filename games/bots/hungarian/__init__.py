"""The Hungarian Tarokk policies of the robot levels (hungarian.md): ``randomly``, ``basic``
(rules of thumb; card play in ``play`` over ``knowledge``) and ``strong`` (Monte Carlo search
over the card play)."""
