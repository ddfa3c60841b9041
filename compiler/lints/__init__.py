"""Hazard lints: patterns the compiler accepts that miscompute, race or deadlock on hardware (warnings)."""
