"""The example environment (python/examples/go_env.py) runs whole episodes under several
rulesets, offers only legal actions, and rewards by the result under the game's rules."""

import importlib.util

import numpy as np
import pytest

from conftest import REPO

spec = importlib.util.spec_from_file_location("go_env", REPO / "python/examples/go_env.py")
go_env = importlib.util.module_from_spec(spec)
spec.loader.exec_module(go_env)


@pytest.mark.parametrize("rules", ["japanese", "chinese", "aga", "tromp-taylor"])
def test_episodes_end_with_the_reward_of_the_result(rules):
    env = go_env.GoEnv(size=5, rules=rules, komi=0.5)
    rng = np.random.default_rng(1)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        assert obs.shape == (3, 5, 5) and info["action_mask"].shape == (26,)
        done, reward = False, 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            assert len(legal) > 0
            obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
            done = terminated or truncated
        if terminated:
            # Komi 0.5 leaves no draw: the reward is the winner's sign.
            result = env.game.result or env.game.score("auto").result
            assert reward == (1.0 if result.startswith("B+") else -1.0)


def test_an_illegal_action_names_its_rule():
    env = go_env.GoEnv(size=5, rules="japanese")
    env.reset(seed=0)
    env.game.play("C3", color="black")
    with pytest.raises(go_env.tengen.IllegalMove) as e:
        env.step(12)  # C3, occupied
    assert e.value.rule == "occupied"
