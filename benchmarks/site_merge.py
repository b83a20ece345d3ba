"""``hilo check`` of the Merge reader on a generated file of its own test hands: hands per CPU-second.

    python benchmarks/site_merge.py [--hands 1000 10000] [--jobs 1 2] [--limit 600]

See ``site_xml.py``. Nothing asserts a time: the script prints figures.
"""

from __future__ import annotations

from site_xml import Format, main

if __name__ == "__main__":
    main(
        "merge",
        Format(
            r"<game .*?</game>",
            r'<game id="([^"]+)"',
            head='<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>\n',
        ),
    )
