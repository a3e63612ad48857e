"""FlyDSL's `flydsl.utils`: file helpers (`file.atomic_write`), the environment options
(`env`) and the shared-memory allocator of FlyDSL's kernels (`smem_allocator`)."""
