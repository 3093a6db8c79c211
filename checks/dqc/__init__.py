"""The DQC rule families beyond the first four: one module per family, each defining `FAMILY` (a rulebook.Rule).

rulebook.registry() imports every module here; adding a family is adding a module (docs/architecture.md)."""
