"""A layout's `font:` written as Squib (Pango) or nanDECK write it: `Serif Bold 12`, `Times New
Roman,serif 10`, `Arial,12,B`, read as pnp's family, bold, italic and size."""
from __future__ import annotations

import re

from ..reading.locate import GENERIC_FAMILIES, METRIC_ALIKES, system_families, system_font

# the words of a Pango font string that say a face, and pnp's field for it
_PANGO_FACE = {**dict.fromkeys(("bold", "semi-bold", "semibold", "demi-bold", "ultra-bold", "extra-bold", "heavy",
                                "black"), "bold"), "italic": "italic", "oblique": "italic",
               **dict.fromkeys(("normal", "regular", "roman", "book", "medium"), None)}
_SIZE = re.compile(r"\d+(?:\.\d+)?(?:pt)?")


def pango_font(text: str) -> tuple[str, dict] | None:
    """(family, {bold, italic, size}) of a Pango font string, `Serif Bold 12`, `Arial 9`, `Sans
    Italic`, `Times New Roman,serif 10`; None for a plain family, role or font file."""
    nandeck = re.fullmatch(r"\s*([^,]+?)\s*,\s*(\d+(?:\.\d+)?)\s*(?:,\s*([BIbi]*)\s*)?", text)
    if nandeck:   # nanDECK's `Arial,12,B`: family, size, then B for bold and I for italic
        flags = (nandeck.group(3) or "").upper()
        return nandeck.group(1), {"size": float(nandeck.group(2)), **({"bold": True} if "B" in flags else {}),
                                  **({"italic": True} if "I" in flags else {})}
    if re.search(r"\.(ttf|otf)$", text.strip(), re.IGNORECASE):
        return None
    words, fields = text.split(), {}
    if len(words) > 1 and _SIZE.fullmatch(words[-1]):
        fields["size"] = float(words.pop().removesuffix("pt"))
    # Pango reads face words from the end; a family whose name ends in one (Times New Roman) is
    # taken whole first
    while len(words) > 1 and words[-1].casefold() in _PANGO_FACE and not _known(" ".join(words)):
        face = _PANGO_FACE[words.pop().casefold()]
        if face:
            fields[face] = True
    # what remains is Pango's family list, `Times New Roman,serif`: the first this system prints
    families = [name.strip() for name in " ".join(words).split(",") if name.strip()][:8]   # a list, not a scan
    if not families:
        return None
    family = next((name for name in families if system_font(name)), families[0]) if len(families) > 1 \
        else families[0]
    return (family, fields) if fields or family != text.strip() else None


def _known(family: str) -> bool:
    """A family this system lists, one fontconfig prints in a look-alike (Arial), or a generic."""
    name = family.casefold().strip()
    return name in METRIC_ALIKES or name in GENERIC_FAMILIES \
        or name in {known.casefold() for known in system_families()}


def size_clash(box: dict) -> tuple[float, float] | None:
    """(the font string's size, the box's `size:`) when a box writes both and they differ
    (nanDECK's `font: "Arial,12,B"` beside `size: 20`): `size:` wins, so the string's size is a
    number the designer believes prints and does not. None when they agree or one is missing."""
    font, size = box.get("font"), box.get("size")
    if not isinstance(font, str) or not isinstance(size, (int, float)) or isinstance(size, bool):
        return None
    found = pango_font(font)
    said = found[1].get("size") if found else None
    return (said, float(size)) if said is not None and said != float(size) else None
