"""Libraries written over flydsl.expr: cooperative algorithms (`coop`)."""
