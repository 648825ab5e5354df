//! Setting the engines up for a game: board size, rules (as far as each engine understands
//! them), komi, handicap and clock.

use super::referee::{Loss, LossKind, Referee};
use tengen::clock::TimeControl;
use tengen::rules::{HandicapPlacement, RulesetName};
use tengen::{Color, Point};
use tengen_gtp::time_settings;
use tengen_gtp::ClientError;

impl Referee<'_> {
    /// Sets up both engines, Black first; the first engine that fails loses the game.
    pub(super) fn setup(&mut self, number: usize) -> Result<(), Loss> {
        let points = match self.cfg.handicap {
            n if n >= 2 => self
                .game
                .set_fixed_handicap(n)
                .expect("the handicap was checked when the match began"),
            _ => Vec::new(),
        };
        for color in Color::BOTH {
            self.setup_player(color, &points, number)?;
        }
        Ok(())
    }

    fn setup_player(
        &mut self,
        color: Color,
        handicap: &[Point],
        number: usize,
    ) -> Result<(), Loss> {
        let side = self.cfg.size.width();
        self.required(color, &format!("boardsize {side}"))?;
        self.required(color, "clear_board")?;
        self.rules_commands[color.index()] = self.send_rules(color)?;
        // After the rules: `tengen-rules` sets the ruleset's own komi.
        self.optional(color, &format!("komi {}", self.cfg.rules.komi))?;
        if !handicap.is_empty() {
            self.send_handicap(color, handicap)?;
        }
        let time = self.cfg.time;
        self.send_time(color, &time)?;
        if let Some(seed) = self.cfg.seed {
            if self.players[color.index()].knows("set_random_seed") {
                let seed = seed.wrapping_add(number as u64);
                self.optional(color, &format!("set_random_seed {seed}"))?;
            }
        }
        Ok(())
    }

    /// Tells the engine the rules with the first of `tengen-rules`, `kata-set-rules` and
    /// `kgs-rules` it accepts; the command that worked, if any.
    fn send_rules(&mut self, color: Color) -> Result<Option<String>, Loss> {
        let name = self.cfg.ruleset;
        let tries = [
            Some(format!("tengen-rules {}", name.name())),
            katago_name(name).map(|k| format!("kata-set-rules {k}")),
            kgs_name(name).map(|k| format!("kgs-rules {k}")),
        ];
        for command in tries.into_iter().flatten() {
            let verb = command.split(' ').next().unwrap_or_default();
            if self.players[color.index()].knows(verb) && self.optional(color, &command)? {
                return Ok(Some(command));
            }
        }
        Ok(None)
    }

    /// Places the handicap stones: `fixed_handicap` under fixed placement when the engine
    /// puts them where the referee did, `set_free_handicap` otherwise (docs/rules.md §6).
    fn send_handicap(&mut self, color: Color, points: &[Point]) -> Result<(), Loss> {
        let size = self.cfg.size;
        let n = points.len();
        if self.cfg.rules.handicap_placement == HandicapPlacement::Fixed
            && self.optional(color, &format!("fixed_handicap {n}"))?
        {
            let placed = match self.placed_stones(color) {
                Some(list) => list?,
                // An engine without GNU Go's `list_stones` is taken at its word.
                None => return Ok(()),
            };
            let mut want = points.to_vec();
            want.sort();
            if placed == want {
                return Ok(());
            }
            let detail = "put its fixed handicap stones elsewhere than GTP's points".into();
            return Err(self.loss(color, LossKind::Refusal, detail));
        }
        let vertices: Vec<String> = points.iter().filter_map(|p| p.to_gtp(size)).collect();
        self.required(color, &format!("set_free_handicap {}", vertices.join(" ")))?;
        Ok(())
    }

    /// The black stones on `color`'s engine's board, sorted, if it can list them.
    fn placed_stones(&mut self, color: Color) -> Option<Result<Vec<Point>, Loss>> {
        let size = self.cfg.size;
        let player = &mut self.players[color.index()];
        if !player.knows("list_stones") {
            return None;
        }
        match player.send("list_stones black", self.cfg.command_timeout) {
            Ok(list) => {
                let mut v: Vec<Point> = list
                    .split_whitespace()
                    .filter_map(|v| Point::from_gtp(v, size))
                    .collect();
                v.sort();
                Some(Ok(v))
            }
            Err(ClientError::Engine { .. }) => None,
            Err(e) => Some(Err(self.failure(color, e))),
        }
    }

    /// The clock: `kgs-time_settings` when the engine knows it, else `time_settings`.
    fn send_time(&mut self, color: Color, control: &TimeControl) -> Result<(), Loss> {
        if !control.is_limited() {
            return Ok(());
        }
        let player = &self.players[color.index()];
        let command = if player.knows("kgs-time_settings") {
            format!(
                "kgs-time_settings {}",
                time_settings::kgs_time_settings(control)
            )
        } else {
            format!("time_settings {}", time_settings::time_settings(control))
        };
        self.optional(color, &command)?;
        Ok(())
    }
}

/// KataGo's short name for a ruleset (`kata-set-rules`), if it has one.
fn katago_name(name: RulesetName) -> Option<&'static str> {
    use RulesetName as N;
    Some(match name {
        N::TrompTaylor => "tromp-taylor",
        N::Chinese => "chinese",
        N::Japanese => "japanese",
        N::Korean => "korean",
        N::Aga => "aga",
        N::NewZealand => "new-zealand",
        N::Ing => "goe",
        N::IkedaArea1 => "stone-scoring",
        _ => return None,
    })
}

/// KGS's name for a ruleset (`kgs-rules`), if it has one.
fn kgs_name(name: RulesetName) -> Option<&'static str> {
    use RulesetName as N;
    Some(match name {
        N::Japanese => "japanese",
        N::Chinese => "chinese",
        N::Aga => "aga",
        N::NewZealand => "new_zealand",
        _ => return None,
    })
}
