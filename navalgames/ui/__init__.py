"""The arcade side: one window, a view per screen, the launcher and shared widgets."""
