"""``hilo check`` of the Microgaming reader on a generated file of its own test hands: hands per CPU-second.

    python benchmarks/site_microgaming.py [--hands 1000 10000] [--jobs 1 2] [--limit 600]

See ``site_xml.py``. Nothing asserts a time: the script prints figures.
"""

from __future__ import annotations

from site_xml import Format, main

if __name__ == "__main__":
    main("microgaming", Format(r"<Game .*?</Game>", r'<Game hhversion="\d+" id="([^"]+)"'))
