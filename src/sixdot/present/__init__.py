"""Presentation: events and views into words, from the phrasebook only."""
