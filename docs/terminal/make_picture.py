"""Make the README's picture of hilo in colour: ``python docs/terminal/make_picture.py``.

It runs a real ``hilo showdown --color always`` (the venv's ``hilo`` beside this Python, else the one
on PATH), reads the ANSI colour codes of its output and writes ``docs/terminal/showdown.svg``: the
command and its output in a terminal-like box, every character placed in its column so the report's
alignment holds whatever monospace font the browser picks. Nothing but the standard library is used,
and the same output always makes the same file (tests/terminal/test_terminal_picture.py checks that the SVG in
the repository is the one the current hilo makes).
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PICTURE = HERE / "showdown.svg"
# The README's first example, so the picture stands beside the plain text of the same run.
# It is run with ``--color always`` added, as a terminal would show it with the default ``--color auto``.
COMMAND = 'hilo showdown --board "Ac 3d 6h Ks Kd" A="2c 4d Qc Jd" B="Kh Kc 2h 4s" --pot 1200'

# A dark terminal's palette (the colours of VS Code's terminal, readable on its background).
BACKGROUND = "#1e1e1e"
FOREGROUND = "#d4d4d4"
PROMPT = "#8a8a8a"
COLOURS = {
    30: "#000000",
    31: "#f14c4c",
    32: "#23d18b",
    33: "#f5f543",
    34: "#3b8eea",
    35: "#d670d6",
    36: "#29b8db",
    37: "#e5e5e5",
}

FONT_SIZE = 14
CHAR_WIDTH = 8.4  # 0.6 em: the advance of the usual monospace fonts
LINE_HEIGHT = 20
PAD = 16

_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_WORDS = re.compile(r"\S+(?: \S+)*")


class Look(NamedTuple):
    """How a run of characters is drawn."""

    colour: str | None = None
    bold: bool = False


def runs(text: str) -> list[list[tuple[str, Look]]]:
    """Each line of ``text`` as runs of characters of one look, the ANSI codes read and removed."""
    lines: list[list[tuple[str, Look]]] = []
    look = Look()
    for line in text.rstrip("\n").split("\n"):
        out: list[tuple[str, Look]] = []
        pos = 0
        for m in _SGR.finditer(line):
            if m.start() > pos:
                out.append((line[pos : m.start()], look))
            look = _apply(look, m[1])
            pos = m.end()
        if pos < len(line):
            out.append((line[pos:], look))
        lines.append(out)
    return lines


def _apply(look: Look, params: str) -> Look:
    for code in (int(p) for p in (params or "0").split(";") if p):
        if code == 0:
            look = Look()
        elif code == 1:
            look = look._replace(bold=True)
        elif code == 22:
            look = look._replace(bold=False)
        elif code == 39:
            look = look._replace(colour=None)
        elif code in COLOURS:
            look = look._replace(colour=COLOURS[code])
    return look


def svg(command: str, text: str) -> str:
    """The SVG picture of ``$ command`` followed by its coloured output ``text``."""
    lines = [[("$ " + command, Look(PROMPT))], *runs(text)]
    columns = max(sum(len(piece) for piece, _ in line) for line in lines)
    width = round(2 * PAD + columns * CHAR_WIDTH)
    height = 2 * PAD + len(lines) * LINE_HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="hilo showdown in colour">',
        f'<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>',
        f"<g font-family=\"ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace\" "
        f'font-size="{FONT_SIZE}" fill="{FOREGROUND}" xml:space="preserve">',
    ]
    for row, line in enumerate(lines):
        y = PAD + row * LINE_HEIGHT + FONT_SIZE
        column = 0
        for piece, look in line:
            attrs = f' fill="{look.colour}"' if look.colour else ""
            attrs += ' font-weight="bold"' if look.bold else ""
            # Each word group is placed at its own column, so a font a little wider or narrower than
            # CHAR_WIDTH cannot push the report's columns out of line.
            for m in _WORDS.finditer(piece):
                x = round(PAD + (column + m.start()) * CHAR_WIDTH, 1)
                out.append(f'<text x="{x}" y="{y}"{attrs}>{escape(m[0])}</text>')
            column += len(piece)
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


def hilo() -> str:
    """The ``hilo`` to run: the one beside this Python (a venv), else the one on PATH."""
    beside = Path(sys.executable).parent / "hilo"
    found = str(beside) if beside.exists() else shutil.which("hilo")
    if found is None:
        sys.exit("make_picture: hilo is not installed (pip install -e .)")
    return found


def picture() -> str:
    """Run the command and return its picture."""
    args = [hilo(), *shlex.split(COMMAND)[1:], "--color", "always"]
    run = subprocess.run(
        args, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", check=True
    )
    return svg(COMMAND, run.stdout)


def main() -> None:
    PICTURE.write_text(picture(), encoding="utf-8")
    print(f"wrote {PICTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
