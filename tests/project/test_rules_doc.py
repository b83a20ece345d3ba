"""The project's rules document, docs/rules.md, has every section the code and the output cite (issue 8
item 10): a user reading "RULES §4.4" in a report must find §4.4 there.

Citations are found in the source text of ``hilo_cli/`` (messages, docstrings, comments), in the
examples' expected outputs, and in the README and its pending sections (``docs/readme/``). Every "§"
in those files is a citation of the rules: ``§4.4``, ``§2.1, §2.2``, ``§9 V2``, ranges such as
``§1.1–1.2`` or ``§12–13``. A section is there when docs/rules.md has a heading that starts with it
(``### §4.4 ...``, ``### §9 V2 ...``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, SHARED_DIR

DOC = ROOT / "docs" / "rules.md"
SHARED_RULES = SHARED_DIR / "RULES.md"

# "§4", "§4.4", "§9 V2", "§1.1–1.2", "§12-13". The part after a dash is the end of a range.
_CITATION = re.compile(r"§\s?(\d+)(?:\.(\d+))?(?:\s+(V\d+))?(?:\s?[–-]\s?(\d+)(?:\.(\d+))?)?")
_HEADING = re.compile(r"^#{1,6}\s+§(\d+(?:\.\d+)?(?: V\d+)?)(?=\s|$)", re.MULTILINE)


def citations(text: str) -> set[str]:
    """Every section a text cites, as ``"4.4"``, ``"12"`` or ``"9 V2"``; a range gives each section in it."""
    found: set[str] = set()
    for m in _CITATION.finditer(text):
        major, minor, variant, end_major, end_minor = m.groups()
        if variant:
            found.add(f"{major} {variant}")
        elif end_major is None:
            found.add(f"{major}.{minor}" if minor else major)
        elif minor and end_minor:  # §1.1–1.2: subsections of one section
            found.update(f"{major}.{n}" for n in range(int(minor), int(end_minor) + 1))
        elif minor:  # §4.3–5: the same section, up to subsection 5
            found.update(f"{major}.{n}" for n in range(int(minor), int(end_major) + 1))
        else:  # §12–13: whole sections
            found.update(str(n) for n in range(int(major), int(end_major) + 1))
    return found


def sections(doc_text: str) -> set[str]:
    """The sections docs/rules.md has, from its headings."""
    return set(_HEADING.findall(doc_text))


def missing(cited: set[str], doc_text: str) -> set[str]:
    return cited - sections(doc_text)


def cited_files() -> list[Path]:
    files = sorted((ROOT / "hilo_cli").rglob("*.py"))
    files += sorted(p for p in (ROOT / "examples" / "expected").iterdir() if p.is_file())
    files.append(ROOT / "README.md")
    readme_parts = ROOT / "docs" / "readme"
    if readme_parts.is_dir():
        files += sorted(readme_parts.glob("*.md"))
    return files


def where_cited() -> dict[str, list[str]]:
    """Each cited section and the files that cite it."""
    out: dict[str, list[str]] = {}
    for path in cited_files():
        for section in citations(path.read_text(encoding="utf-8")):
            out.setdefault(section, []).append(str(path.relative_to(ROOT)))
    return out


def test_every_cited_section_is_in_the_rules_document() -> None:
    cited = where_cited()
    gaps = missing(set(cited), DOC.read_text(encoding="utf-8"))
    assert not gaps, "docs/rules.md lacks " + "; ".join(
        f"§{s} (cited in {', '.join(cited[s])})" for s in sorted(gaps)
    )


def test_the_search_finds_the_citations_the_output_prints_today() -> None:
    # The search itself must work: these are printed by today's reports (odd chips, uncalled bets).
    cited = where_cited()
    for section in ("4.3", "4.4", "4.5", "4.6", "5.3", "4.2", "7"):
        assert section in cited, f"§{section} not found in the sources"
    assert any(p.startswith("examples/expected/") for p in cited["4.4"])


@pytest.mark.parametrize(
    ("text", "sections_cited"),
    [
        ("odd chip 1 to B: clockwise from the button (seat 2) (RULES §4.4)", {"4.4"}),
        ("(RULES §2.1, §2.2); §9 V2 and §5.6", {"2.1", "2.2", "9 V2", "5.6"}),
        ("§1.1–1.2 categories", {"1.1", "1.2"}),
        ("RULES.md §12–13 (new)", {"12", "13"}),
        ("RULES §7) and §4.3-5", {"7", "4.3", "4.4", "4.5"}),
        ("no section sign here: 4.4", set()),
    ],
)
def test_citations_are_read_as_written(text: str, sections_cited: set[str]) -> None:
    assert citations(text) == sections_cited


def test_a_made_up_citation_is_caught() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert missing({"4.4", "5.3", "9 V1"}, doc) == set()
    assert missing(citations("odd chip 1 to A (RULES §4.9)"), doc) == {"4.9"}
    assert missing(citations("see RULES §15"), doc) == {"15"}
    assert missing(citations("(§9 V12)"), doc) == {"9 V12"}
    # A section number mentioned in the text but not as a heading does not count.
    assert missing({"4.4"}, doc.replace("### §4.4 ", "### ")) == {"4.4"}


def test_the_document_says_what_the_citations_mean() -> None:
    opening = DOC.read_text(encoding="utf-8")[:600]
    assert '"RULES §n"' in opening and "section of this document" in opening


def test_sections_one_to_fourteen_and_the_cited_subsections_are_there() -> None:
    have = sections(DOC.read_text(encoding="utf-8"))
    assert {str(n) for n in range(15)} <= have
    assert {"4.4", "4.6", "5.3", "12.2", "12.4", "14.3"} <= have
    assert {f"9 V{n}" for n in range(1, 10)} <= have


def test_the_document_numbers_sections_as_the_specification_does() -> None:
    # Only where the specification is at hand (a user's clone has no ../shared).
    if not SHARED_RULES.is_file():
        pytest.skip("../shared/RULES.md is not here")
    spec = SHARED_RULES.read_text(encoding="utf-8")
    numbered = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", spec, re.MULTILINE))
    assert numbered, "no numbered headings found in RULES.md"
    assert not numbered - sections(DOC.read_text(encoding="utf-8"))


def test_the_document_is_written_in_its_own_words() -> None:
    # Not a copy of the specification: no sentence of 60 characters or more is taken over word for word
    # (quotations of the rulebooks, which both may quote, are left out of the comparison).
    if not SHARED_RULES.is_file():
        pytest.skip("../shared/RULES.md is not here")

    def sentences(text: str) -> set[str]:
        text = re.sub(r'"[^"]*"', " ", text)
        text = " ".join(re.sub(r"[*`#|>]", " ", text).split())
        return {s.strip() for s in re.split(r"(?<=[.;:])\s", text) if len(s.strip()) >= 60}

    copied = sentences(SHARED_RULES.read_text(encoding="utf-8")) & sentences(
        DOC.read_text(encoding="utf-8")
    )
    assert not copied, f"taken over word for word: {sorted(copied)[:3]}"
