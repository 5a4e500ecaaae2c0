"""sixdot: an accessible card table for letter and card games."""

__version__ = "0.1.0"
