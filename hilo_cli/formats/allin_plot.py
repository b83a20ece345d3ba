"""The picture of luck (issue 20, ``hilo check --plot FILE``): for each player chosen, the cumulative
chips won and the all-in adjusted chips, hand by hand in the order the hands were read, with matplotlib
(the optional extra ``hilo-cli[plot]``). Imported only for ``--plot``: it imports matplotlib at once.

Each line is an SVG group named ``won:NAME`` or ``adjusted:NAME`` (with `` CURRENCY`` where a player has
hands in more than one), so the file says which series it holds.
"""

from __future__ import annotations

from matplotlib import rc_context
from matplotlib.figure import Figure

from hilo_cli.allin import Luck
from hilo_cli.formats.allin_out import unit as _unit


def draw(luck: Luck, path: str) -> None:
    """Draw the chosen players' series (``Luck.shown``: those chosen, else the hero) to ``path`` (.svg or
    .png). Raises ``OSError`` if the file cannot be written, ``ValueError`` with no player to draw."""
    names = luck.shown()
    series = [
        (key, points)
        for key, points in sorted(luck.series.items(), key=lambda kv: (kv[0][0], str(kv[0][1])))
        if key[0] in names
    ]
    if not series:
        raise ValueError("no player to plot: the files mark no hero; name one with --player")
    several = len({key[1] for key, _ in series}) > 1
    units = sorted({_unit(key[1]) for key, _ in series})
    figure = Figure(figsize=(8, 4.5))
    axes = figure.subplots()
    for (name, currency), points in series:
        scale = currency.scale if currency is not None else 1
        x = [0, *(p.hand for p in points)]
        label = f"{name} {_unit(currency)}" if several else name
        axes.plot(
            x,
            [0, *(p.won / scale for p in points)],
            label=f"{label}: chips won",
            gid=f"won:{label}",
        )
        axes.plot(
            x,
            [0, *(float(p.adjusted) / scale for p in points)],
            linestyle="--",
            label=f"{label}: all-in adjusted",
            gid=f"adjusted:{label}",
        )
    axes.set_xlabel(
        f"hands ({max(len(p) for _, p in series):,}; {luck.all_in:,} all in with cards to come)"
    )
    axes.set_ylabel(f"won ({', '.join(units)})")
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.legend(loc="best", fontsize="small")
    axes.set_title("Chips won and all-in adjusted chips")
    figure.tight_layout()
    # The same hands draw the same bytes: no date, and the SVG's ids from a fixed salt.
    with rc_context({"svg.hashsalt": "hilo"}):
        figure.savefig(path, metadata={"Date": None} if path.lower().endswith(".svg") else None)
