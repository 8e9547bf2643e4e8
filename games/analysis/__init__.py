"""The analysis of a finished hand (issue 38): every decision a person made in it appraised by
the robots' engine (``games.bots.appraisal``) from what that seat knew then, computed in the
background where the robots run (``jobs``), stored (``models``), and shown in the replay to
those who may see it (``visibility``, ``panel``, ``views``). docs/analysis.md says where it runs
and why, who sees what, and the rate."""
