"""The pure-Python framework every game builds on: no arcade, no pyglet, no drawing."""
