"""Consonants: Hearts with the Alpha deck, where taken consonants score and words save."""
