"""FlyDSL's `flydsl.utils`: file helpers (`file.atomic_write`)."""
