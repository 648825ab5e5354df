"""A minimal reinforcement-learning environment on tengen, shaped like Gymnasium's API
(``reset(seed=...) -> (observation, info)``, ``step(action) -> (observation, reward,
terminated, truncated, info)``) without depending on Gymnasium: to plug it in, subclass
``gymnasium.Env`` and set ``observation_space = Box(0, 1, (3, size, size), uint8)`` and
``action_space = Discrete(size * size + 1)``.

The agent plays Black against a uniformly random White. Actions are tengen's action
indices (``row * size + col``, ``size * size`` a pass); ``info["action_mask"]`` says which
are legal under the rules (superko included), so an agent never has to guess. The reward,
at the end only, comes from the game's result under its rules: +1 if Black won, -1 if
White won, 0 for a draw or no result. A game that passed out into the agreement phase
(Japanese, Chinese...) is counted with tengen's dead-stone estimator.

    python python/examples/go_env.py --size 9 --rules japanese --episodes 3
"""

import argparse

import numpy as np

import tengen


class GoEnv:
    """Go for one agent (Black) against a random opponent, under any tengen ruleset."""

    def __init__(self, size=9, rules="chinese", komi=None, max_moves=None):
        self.size = size
        self.rules = rules
        self.komi = komi
        self.n_actions = size * size + 1
        self.max_moves = max_moves or 3 * size * size
        self.rng = np.random.default_rng()
        self.game = None

    def reset(self, seed=None, options=None):
        """A new game; returns the first observation and info (with the action mask)."""
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.game = tengen.Game(self.size, self.rules, komi=self.komi)
        return self._observation(), self._info()

    def step(self, action):
        """The agent's move, then the opponent's; an illegal action raises
        ``tengen.IllegalMove`` with the rule that refuses it."""
        self.game.play(int(action))
        if not self.game.is_over:
            self.game.play(self._random_action())
        terminated = self.game.is_over
        truncated = not terminated and self.game.move_number >= self.max_moves
        reward = self._reward() if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def _random_action(self):
        """A random legal point for the opponent; a pass when there is none or Black
        has just passed (so that games end)."""
        mask = self.game.action_mask()
        points = np.flatnonzero(mask[:-1])
        last = self.game.moves[-1][1] if self.game.moves else None
        if len(points) == 0 or last == "pass":
            return self.n_actions - 1
        return int(self.rng.choice(points))

    def _reward(self):
        result = self.game.result
        winner = None
        if result is not None:
            winner = {"B": "black", "W": "white"}.get(result[:1]) if "+" in result else None
        else:  # passed out into the agreement phase: count with the estimator
            winner = self.game.score("auto").winner
        return {"black": 1.0, "white": -1.0, None: 0.0}[winner]

    def _observation(self):
        """Planes (3, size, size) uint8: Black's stones, White's, and the legal points."""
        board = self.game.board()
        legal = self.game.legal_mask()
        return np.stack([board == 1, board == -1, legal]).astype(np.uint8)

    def _info(self):
        return {"action_mask": self.game.action_mask(), "to_move": self.game.to_move}


def main():
    parser = argparse.ArgumentParser(description="random Black against random White")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--rules", default="chinese")
    parser.add_argument("--episodes", type=int, default=3)
    args = parser.parse_args()
    env = GoEnv(args.size, args.rules)
    rng = np.random.default_rng(0)
    for episode in range(args.episodes):
        obs, info = env.reset(seed=episode)
        done = False
        total = 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
            total += reward
            done = terminated or truncated
        print(f"episode {episode}: {env.game.move_number} moves, result "
              f"{env.game.result or env.game.score('auto').result}, reward {total}")


if __name__ == "__main__":
    main()
