"""``hilo check`` of the ongame reader on a generated file of its own test hands: hands per CPU-second.

    python benchmarks/site_ongame.py [--hands 1000 10000] [--jobs 1 2] [--seed 1] [--limit 600]

See ``site_bench.py``. Nothing asserts a time: the script prints figures.
"""

from __future__ import annotations

import re

from site_bench import main

if __name__ == "__main__":
    main("ongame", re.compile(r"(?:History for|End of) hand [A-Z]\d-(\d+)-", re.MULTILINE))
