"""The picture of luck (issue 20, ``hilo check --plot FILE``): for each player chosen, the running total of
chips won (solid) and of all-in adjusted chips (dashed), with matplotlib (the optional extra
``hilo-cli[plot]``). Imported only for ``--plot``: it imports matplotlib at once.

One panel per unit (``allin.Unit``: a currency, or one site's chips), stacked on one axis of hands: hand
``n`` is the ``n``-th hand the summary counts (``Luck.hands``), whatever its currency, so every line
counts from the same first hand (0 before it) and a hand is at the same place in every panel. A player
is one colour in every panel and one entry in the legend. A line holds its value until the player's
next hand in that unit (a step), and is thinned to a few points per column of pixels
(``allin.Thinned``: the lowest and highest of each run of hands are kept), so a history of a million
hands draws quickly and looks as it would with every point.

Each line is an SVG group named ``won:NAME`` or ``adjusted:NAME`` (with `` UNIT`` where the picture has
more than one panel), so the file says which series it holds.
"""

from __future__ import annotations

from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, MaxNLocator

from hilo_cli.allin import Line, Luck, Unit, unit_order
from hilo_cli.formats.allin_out import unit as unit_name
from hilo_cli.formats.safe import shown

COLOURS = [f"C{i}" for i in range(10)]


def draw(luck: Luck, path: str) -> None:
    """Draw the chosen players' lines (``Luck.shown``: those chosen, else the hero) to ``path`` (.svg or
    .png). Raises ``OSError`` if the file cannot be written, ``ValueError`` with no player to draw."""
    figure = picture(luck)
    # The same hands draw the same bytes: no date, and the SVG's ids from a fixed salt.
    with rc_context({"svg.hashsalt": "hilo"}):
        figure.savefig(path, metadata={"Date": None} if path.lower().endswith(".svg") else None)


def picture(luck: Luck) -> Figure:
    """The figure ``draw`` saves: a panel per unit, top to bottom in the summary's order."""
    if not luck.plotted:
        raise ValueError("no points to plot: the summary was made without plot=True")
    lines = luck.lines(luck.shown())
    if not lines:
        raise ValueError("no player to plot: the files mark no hero; name one with --player")
    units = sorted({line.unit for line in lines}, key=unit_order)  # as the summary's rows
    players = sorted({line.name for line in lines})
    colour = {name: COLOURS[i % len(COLOURS)] for i, name in enumerate(players)}
    tall = 2.4 if len(units) <= 2 else 1.8
    figure = Figure(figsize=(8, 1.4 + tall * len(units)), layout="constrained")
    panels = figure.subplots(len(units), 1, sharex=True, squeeze=False)[:, 0]
    # A line holds its total after the player's last hand a little way on, so that total shows as a
    # level, not only as the end of the last step.
    tail = max(1.0, luck.hands / 200)
    for axes, u in zip(panels, units, strict=True):
        mine = [line for line in lines if line.unit == u]
        for line in mine:
            label = f"{line.name} {unit_name(u)}" if len(units) > 1 else line.name
            values = [0.0, *(v / u.scale for v in line.values)]
            axes.plot(
                [0, *line.hands, line.hands[-1] + tail],
                [*values, values[-1]],
                drawstyle="steps-post",
                color=colour[line.name],
                linestyle="-" if line.kind == "won" else "--",
                linewidth=1.4 if line.kind == "won" else 1.1,
                gid=f"{line.kind}:{label}",
            )
        _panel(axes, u, mine)
    panels[-1].set_xlim(0, luck.hands + tail)
    panels[-1].set_xlabel(
        f"hand, in the order read ({luck.hands:,} hands, {luck.all_in:,} all in with cards to come)"
    )
    handles = [Line2D([], [], color=colour[name], label=_label(name)) for name in players]
    handles += [
        Line2D([], [], color="grey", label="chips won"),
        Line2D([], [], color="grey", linestyle="--", label="all-in adjusted"),
    ]
    figure.suptitle("Chips won and all-in adjusted chips, hand by hand")
    figure.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), 6))
    return figure


def _label(name: str) -> str:
    """A player's name as the legend shows it: safe (``safe.shown``), and with each ``$`` a dollar
    sign, not the start of matplotlib's mathematics (a name ``$\\frac$`` would not draw)."""
    return shown(name).replace("$", r"\$")


def _panel(axes: Axes, u: Unit, lines: list[Line]) -> None:
    """One unit's panel: its name, amounts written as the unit's money (whole units where every tick is
    whole, else to the cent: 2.50 is not 2), and the zero line."""
    values = [v / u.scale for line in lines for v in line.values] or [0.0]
    if max(values) == min(values) == 0:
        axes.set_ylim(-1, 1)  # a flat line at zero: a range around it, not a hair's width
    axes.yaxis.set_major_locator(
        MaxNLocator(nbins=5, steps=[1, 2, 2.5, 5, 10], integer=u.scale == 1)
    )
    currency = u.currency

    def money(value: float, _: object) -> str:
        whole = all(float(t).is_integer() for t in axes.yaxis.get_majorticklocs())
        decimals = 0 if whole else 2
        minus = "-" if round(value, decimals) < 0 else ""
        return f"{minus}{currency.before}{abs(value):,.{decimals}f}{currency.after}"

    axes.yaxis.set_major_formatter(FuncFormatter(money))
    axes.set_title(unit_name(u), loc="left", fontsize="medium")
    axes.axhline(0, color="grey", linewidth=0.6)
    axes.grid(True, color="0.9", linewidth=0.6)
    axes.set_axisbelow(True)
