"""What the dialects without builders here tell their users."""

REASON = (
    "kernels are built through libflydsl's C API, which has no builder for this MLIR dialect's "
    "ops; use the flydsl.expr operation that does the same (see docs/flydsl-api.md)"
)
