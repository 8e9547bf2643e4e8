"""The Bridge policies of the robot levels (bridge.md): ``randomly``; ``basic`` with ``play``
(rules of thumb for every decision); ``strong`` with ``sampler`` and ``outlook`` (determinised
Monte Carlo search over every real decision); ``table`` and ``knowledge`` say what a seat knows,
from its own view only."""
