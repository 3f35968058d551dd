"""The player aids: a card-sized aid imposed like cards (card.py) and a one-page reference
(page.py), both printed from the content of generator/texts/aids.py; shared.py holds what both
need."""
