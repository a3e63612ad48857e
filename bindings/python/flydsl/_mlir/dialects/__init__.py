"""MLIR's dialect builders, where a kernel op stands behind them (arith, math, vector, gpu);
the other dialects' names import and say they are not offered (see flydsl._mlir)."""
