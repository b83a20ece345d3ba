"""What a check found, counted: each verdict (OK, MISMATCH, NOT CHECKABLE, bad record) per site, for
``hilo check``'s closing summary and ``api.check_history``'s ``summary`` (issue 30: a site's hands that
are NOT CHECKABLE are said to be so, never counted as settled).

A ``Tally`` is fed each hand's site (the reader that read it, ``None`` for a record no reader read: a
file hilo does not know, or cannot open) and its status (``checking.Checked.status``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

STATUSES = ("ok", "mismatch", "not-checkable", "error")
Kind = Literal["odd-chips", "payout", "site"]
"""What differs from RULES.md (issue 28; ``check_out.Verdict.kind``): only the odd chips, paid by a practice
other than RULES §4 (``odd-chips``: OK where it is the site's own practice, unless ``--rules strict``); a
payout no rule gives (``payout``); the site's own lines disagree (``site``)."""
KINDS: tuple[Kind, ...] = ("odd-chips", "payout", "site")
KIND_WORDS = {"odd-chips": "odd chips only", "payout": "payout", "site": "site's own lines"}
WORDS = {"ok": "OK", "mismatch": "MISMATCH", "not-checkable": "NOT CHECKABLE", "error": "bad"}
NO_READER = "no reader"  # the title of the records no reader read


def key(status: str) -> str:
    """A status as a summary's key: ``not-checkable`` is ``not_checkable``."""
    return status.replace("-", "_")


class Tally:
    """Counts of each verdict, in all and per site."""

    def __init__(self) -> None:
        self.by_site: dict[str | None, Counter[str]] = {}
        self.total: Counter[str] = Counter()
        # issue 28: what differed, by kind (``KINDS``), in all and per site; ``house``: the hands OK by a
        # site's own odd-chip practice (counted as ``odd-chips`` too).
        self.kinds: dict[str | None, Counter[str]] = {}
        self.total_kinds: Counter[str] = Counter()

    def add(self, site: str | None, status: str, kind: str | None = None) -> None:
        """Count one hand (or error record) of ``site`` with ``status``, and what differed (``kind``)."""
        self.by_site.setdefault(site, Counter())[status] += 1
        self.total[status] += 1
        if kind is not None:
            counted = self.kinds.setdefault(site, Counter())
            counted[kind] += 1
            self.total_kinds[kind] += 1
            if status == "ok":
                counted["house"] += 1
                self.total_kinds["house"] += 1

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these, as if its hands had been added after these (a summary made
        of parts: a Dask reduction over files; its sites in the order first counted)."""
        for site, counts in other.by_site.items():
            self.by_site.setdefault(site, Counter()).update(counts)
        self.total.update(other.total)
        for site, kinds in other.kinds.items():
            self.kinds.setdefault(site, Counter()).update(kinds)
        self.total_kinds.update(other.total_kinds)

    @property
    def records(self) -> int:
        return sum(self.total.values())

    def sites(self) -> list[tuple[str | None, str, Counter[str]]]:
        """Each site counted, in the registry's order (``histories.PLUGINS``), as ``(name, title,
        counts)``; the records no reader read last."""
        from hilo_cli.histories import PLUGINS

        known = {plugin.name: plugin.title for plugin in PLUGINS}
        found: list[tuple[str | None, str, Counter[str]]] = [
            (name, known[name], self.by_site[name]) for name in known if name in self.by_site
        ]
        found += [
            (name, name, counts)
            for name, counts in self.by_site.items()
            if name is not None and name not in known
        ]
        if None in self.by_site:
            found.append((None, NO_READER, self.by_site[None]))
        return found

    def as_dict(self) -> dict[str, Any]:
        """The counts as plain values: ``hands`` and each status (``ok``, ``mismatch``,
        ``not_checkable``, ``error``) in all, and ``by_site``, a list of the same per site with its
        ``site`` (the ``--input-format`` name, ``None`` for records no reader read) and ``title``; and
        ``kinds``, in all and per site, the hands that differ from RULES.md by kind (``odd_chips``,
        ``payout``, ``site``, and ``house``: the odd-chip hands OK by the site's own practice)."""

        def counts(counter: Counter[str]) -> dict[str, int]:
            return {"hands": sum(counter.values()), **{key(s): counter[s] for s in STATUSES}}

        def kinds(counter: Counter[str]) -> dict[str, int]:
            # Added for issue 28: what differed, by kind; ``house``: of the ``odd_chips``, those OK by
            # the site's own practice.
            return {key(k): counter[k] for k in (*KINDS, "house")}

        return {
            **counts(self.total),
            "kinds": kinds(self.total_kinds),
            "by_site": [
                {
                    "site": name,
                    "title": title,
                    **counts(c),
                    "kinds": kinds(self.kinds.get(name, Counter())),
                }
                for name, title, c in self.sites()
            ],
        }
