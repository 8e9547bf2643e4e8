"""Write static/sounds/turn.wav: the short chime a table page may play when your turn starts.

Two soft sine notes (E6 then A6, 0.11 s each, with a quick attack and an exponential decay),
16-bit mono at 22,050 Hz: about 10 kB, made here rather than downloaded. Run it again only to
change the sound: `python bin/turn_sound.py`."""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22_050
NOTES = [(1318.5, 0.0), (1760.0, 0.11)]  # (frequency in Hz, start in seconds)
NOTE_LENGTH = 0.11
TOTAL = 0.24
VOLUME = 0.35


def sample(t: float) -> float:
    value = 0.0
    for freq, start in NOTES:
        local = t - start
        if 0 <= local < NOTE_LENGTH + 0.02:
            attack = min(1.0, local / 0.005)
            decay = math.exp(-local * 28)
            value += math.sin(2 * math.pi * freq * local) * attack * decay
    return max(-1.0, min(1.0, value * VOLUME))


def main() -> None:
    out = Path(__file__).resolve().parents[1] / "static" / "sounds" / "turn.wav"
    frames = b"".join(struct.pack("<h", int(sample(i / RATE) * 32767)) for i in range(int(RATE * TOTAL)))
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    print(f"{out}: {len(frames)} bytes of sound")


if __name__ == "__main__":
    main()
