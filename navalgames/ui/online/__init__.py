"""Play online from the launcher: host a game (a server inside the app, or one already
running), join one with its address and code, or watch; adjourned games come back from Continue.

``hosting`` does the network work on background threads (no arcade); ``fields`` is the text
input; ``screens`` holds the launcher's online screens. The game screens themselves are the
ordinary ones, fed by ``navalgames.net.remote_match.RemoteMatch``.
"""
