"""``hilo check`` of the Boss Media reader on a generated file of its own test hands: hands per CPU-second.

    python benchmarks/site_boss.py [--hands 1000 10000] [--jobs 1 2] [--limit 600]

See ``site_xml.py``. Nothing asserts a time: the script prints figures.
"""

from __future__ import annotations

from site_xml import Format, main

if __name__ == "__main__":
    main(
        "boss",
        Format(
            r"<HISTORY .*?</HISTORY>", r'<HISTORY ID="([^"]+)"', head="<ROOT>\n", tail="</ROOT>\n"
        ),
    )
