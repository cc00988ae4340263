"""Pictures and sounds, installed as the package ``navalgames.assets``."""
