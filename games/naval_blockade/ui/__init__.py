"""Naval Blockade on screen: terrain placement, play, game over (arcade views)."""
