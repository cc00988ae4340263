"""Online play: an authoritative game server, its store, the protocol, and a client.

The server owns every game's ``Match`` and sends each seat only its own observation; a client
never holds what its player may not see. ``docs/protocol.md`` describes the messages.
"""
