"""FlyDSL's `flydsl.expr.utils`: where its kernels import ArithValue from (`.arith`)."""
