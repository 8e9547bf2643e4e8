"""The Bridge robots (bridge.md): ``randomly`` (random level), ``basic`` with ``play`` (rules of
thumb for every decision), ``strong`` with ``sampler`` (determinised Monte Carlo search);
``table`` and ``knowledge`` say what a seat knows, from its own view only."""
