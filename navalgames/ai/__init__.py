"""Computer opponents: search over the shared state API (MCTS with chance nodes, ISMCTS)."""
