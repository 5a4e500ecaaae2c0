"""Alphabeticell: build a strictly alphabetical line from two-letter cards."""
