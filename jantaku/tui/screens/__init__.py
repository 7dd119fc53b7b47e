"""The app's screens: menu, table, results, replays, rules help, settings and small dialogs."""
