"""Playing over the network: the host, its protocol, the client, storage and LAN discovery.

=================  ==================================================================
``protocol``       msgpack framing with hard limits; error codes (spec: docs/protocol.md)
``requests``       what a client may send, checked field by field
``host``           :class:`~jantaku.netplay.host.Host`: connections, hello, dispatch, shutdown
``lobby``          tables and the requests about them
``tables``         one table: seats, spectators, who hears what
``runner``         one match in play: prompts, clocks, bots, the record
``views``          the hidden-information edge: each recipient's view and events
``store``          SQLite: players, matches, decisions, results
``client``         :class:`~jantaku.netplay.client.Client`, for the TUI, bots and tests
``netbot``         a bot playing as a network client (``jantaku bot``)
``local``          an in-process host and client for a quick game against bots
``replay``         stepping through a recorded match
``discovery``      the LAN beacon and :func:`~jantaku.netplay.discovery.discover`
``address``        ``HOST:PORT`` and the default port
=================  ==================================================================

Modules are imported where they are used, so ``jantaku --help`` stays fast.
"""
