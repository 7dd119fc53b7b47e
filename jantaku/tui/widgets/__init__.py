"""Widgets of the table; each draws text (Rich ``Text``), never one widget per tile."""
