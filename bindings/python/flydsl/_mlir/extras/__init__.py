"""MLIR's Python extras, as far as the type shorthands go (flydsl._mlir.extras.types)."""
