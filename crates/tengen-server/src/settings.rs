//! A game's settings: the create request as a client sends it, checked into the settings
//! the server stores (docs/protocol.md, `POST /api/games`).

use crate::error::ApiError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;
use tengen::clock::TimeControl;
use tengen::handicap::max_fixed_handicap;
use tengen::rules::RulesetName;
use tengen::{Color, Rules, Size};
use tengen_sgf::time_spec::TimeSpec;

/// The body of `POST /api/games`; every field is optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// Board side, 2..=25 (default 19).
    pub size: Option<u8>,
    /// A named ruleset in any spelling (default Japanese).
    pub ruleset: Option<String>,
    /// Rule values to change, keys as `tengen rules` prints them.
    pub overrides: Option<BTreeMap<String, String>>,
    /// Komi in points (default: the ruleset's).
    pub komi: Option<f64>,
    /// Handicap stones (0, or 2 and more).
    pub handicap: Option<u8>,
    /// `fixed` or `free` (default: the ruleset's).
    pub placement: Option<String>,
    /// The creator's colour: `black`, `white` or `nigiri` (default black).
    pub color: Option<String>,
    /// The time control in the command-line form (default none).
    pub time: Option<String>,
    /// `human` (default) or `bot`.
    pub opponent: Option<String>,
    /// The bot's playouts per move.
    pub bot_playouts: Option<u32>,
    /// The creator's display name.
    pub name: Option<String>,
    /// Seconds the scoring phase may last before the current marks stand.
    pub scoring_time_limit: Option<u64>,
    /// Whether the game is an open challenge: listed in the lobby, its open seat taken by
    /// whoever asks first (default: private, joined by its link).
    pub public: Option<bool>,
    /// Whether the creator allows score estimates during play (shown only when both
    /// players allow them).
    pub allow_estimate: Option<bool>,
}

/// A seat played by the built-in Monte-Carlo player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotSeat {
    /// The bot's colour.
    pub color: String,
    /// Playouts per move.
    pub playouts: u32,
}

/// The checked settings of a game, stored with it as JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Board side.
    pub size: u8,
    /// The canonical name of the ruleset the rules start from.
    pub ruleset: String,
    /// The rule values changed from it (komi and placement included).
    pub overrides: BTreeMap<String, String>,
    /// Handicap stones.
    pub handicap: u8,
    /// The time control in its command-line form.
    pub time: String,
    /// The creator's colour after nigiri.
    pub creator: String,
    /// The creator's name.
    pub creator_name: String,
    /// The bot's seat, if any.
    pub bot: Option<BotSeat>,
    /// Seconds the scoring phase may last.
    pub scoring_time_limit: u64,
    /// An open challenge: listed in the lobby, its open seat taken by whoever asks first.
    #[serde(default)]
    pub public: bool,
    /// The creator allows score estimates during play.
    #[serde(default)]
    pub allow_estimate: bool,
}

/// The longest name a player may give.
const MAX_NAME: usize = 40;
/// The most playouts a bot may be asked for per move.
const MAX_PLAYOUTS: u32 = 50_000;

/// A colour from its protocol name.
pub fn color_from_name(s: &str) -> Option<Color> {
    match s {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// The protocol name of a colour.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A ruleset's name for people, as the lobby, the game page and the review page show it
/// (the protocol's `title`): `Japanese`, `Ing (GOE)`, `Ikeda area I` ...
pub fn ruleset_title(n: RulesetName) -> &'static str {
    match n {
        RulesetName::TrompTaylor => "Tromp-Taylor",
        RulesetName::Chinese => "Chinese",
        RulesetName::Japanese => "Japanese",
        RulesetName::Korean => "Korean",
        RulesetName::Aga => "AGA",
        RulesetName::Ing => "Ing (GOE)",
        RulesetName::NewZealand => "New Zealand",
        RulesetName::Wmsg => "WMSG",
        RulesetName::IkedaArea1 => "Ikeda area I",
        RulesetName::IkedaArea2 => "Ikeda area II",
        RulesetName::IkedaArea3 => "Ikeda area III",
        RulesetName::IkedaTerritory1 => "Ikeda territory I",
        RulesetName::IkedaTerritory2 => "Ikeda territory II",
        RulesetName::IkedaTerritory3 => "Ikeda territory III",
    }
}

/// The built-in player's display name, which no person may take.
pub const BOT_NAME: &str = "tengen (bot)";

/// Characters that change how the text around them is shown without being seen
/// themselves: the bidirectional embeddings, overrides, isolates and marks (which can make
/// a name read backwards or hide part of it), zero-width characters and the soft hyphen.
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}')
}

/// Text a person wrote (a name, a chat message): control and text-direction characters
/// removed, runs of white space (line breaks too) made one space, trimmed.
pub fn clean_text(text: &str) -> String {
    let visible: String = text
        .chars()
        .filter_map(|c| match c {
            // A line break or tab is white space between words, not nothing.
            c if c.is_whitespace() => Some(' '),
            c if c.is_control() || is_invisible_format(c) => None,
            c => Some(c),
        })
        .collect();
    visible.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A display name: [`clean_text`], at most `MAX_NAME` characters.
pub fn clean_name(name: &str) -> String {
    clean_text(name)
        .chars()
        .take(MAX_NAME)
        .collect::<String>()
        .trim()
        .to_string()
}

/// A name a person gives, cleaned; refused if it passes for the built-in player (it is
/// "tengen", or says "(bot)" in any case).
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let clean = clean_name(name);
    let folded = clean.to_lowercase();
    if folded == "tengen" || folded.replace(' ', "").contains("(bot)") {
        return Err(ApiError::bad_request(
            "name",
            format!(
                "{clean:?} is reserved for the built-in player ({BOT_NAME:?}); choose another name"
            ),
        ));
    }
    Ok(clean)
}

impl CreateRequest {
    /// Checks the request; `coin` decides nigiri (true: the creator takes Black).
    pub fn check(&self, coin: bool) -> Result<Settings, ApiError> {
        let size = self.size.unwrap_or(19);
        if !(2..=25).contains(&size) {
            return Err(ApiError::bad_request(
                "size",
                "the board size must be 2 to 25",
            ));
        }
        let ruleset_text = self.ruleset.as_deref().unwrap_or("japanese");
        let name = RulesetName::parse(ruleset_text).ok_or_else(|| {
            ApiError::bad_request("ruleset", format!("unknown ruleset {ruleset_text:?}"))
        })?;
        let mut overrides = self.overrides.clone().unwrap_or_default();
        if let Some(k) = self.komi {
            overrides.insert("komi".into(), k.to_string());
        }
        if let Some(p) = &self.placement {
            overrides.insert("handicap-placement".into(), p.clone());
        }
        let settings = Settings {
            size,
            ruleset: name.name().to_string(),
            overrides,
            handicap: self.handicap.unwrap_or(0),
            time: TimeSpec(self.time_control()?).to_string(),
            creator: self.creator_color(coin)?.to_string(),
            creator_name: check_name(self.name.as_deref().unwrap_or(""))?,
            bot: self.bot(coin)?,
            scoring_time_limit: self.scoring_time_limit()?,
            public: self.public.unwrap_or(false),
            allow_estimate: self.allow_estimate.unwrap_or(false),
        };
        let rules = settings.rules()?;
        settings.check_handicap(&rules)?;
        Ok(settings)
    }

    fn time_control(&self) -> Result<TimeControl, ApiError> {
        match &self.time {
            None => Ok(TimeControl::None),
            Some(t) => {
                let control = t
                    .parse::<TimeSpec>()
                    .map(TimeControl::from)
                    .map_err(|e| ApiError::bad_request("time", e.to_string()))?;
                check_time_control(&control)
                    .map_err(|why| ApiError::bad_request("time", format!("{t}: {why}")))?;
                Ok(control)
            }
        }
    }

    fn scoring_time_limit(&self) -> Result<u64, ApiError> {
        let limit = self.scoring_time_limit.unwrap_or(300);
        if !(1..=86_400).contains(&limit) {
            return Err(ApiError::bad_request(
                "scoring_time_limit",
                "the scoring time limit must be 1 to 86400 seconds (a day)",
            ));
        }
        Ok(limit)
    }

    fn creator_color(&self, coin: bool) -> Result<&'static str, ApiError> {
        match self.color.as_deref().unwrap_or("black") {
            "black" => Ok("black"),
            "white" => Ok("white"),
            "nigiri" => Ok(if coin { "black" } else { "white" }),
            other => Err(ApiError::bad_request(
                "color",
                format!("colour must be black, white or nigiri, not {other:?}"),
            )),
        }
    }

    fn bot(&self, coin: bool) -> Result<Option<BotSeat>, ApiError> {
        match self.opponent.as_deref().unwrap_or("human") {
            "human" => Ok(None),
            "bot" => {
                let creator = color_from_name(self.creator_color(coin)?).unwrap_or(Color::Black);
                let playouts = self.bot_playouts.unwrap_or(3000);
                if !(100..=MAX_PLAYOUTS).contains(&playouts) {
                    return Err(ApiError::bad_request(
                        "bot_playouts",
                        format!("the bot's playouts must be 100 to {MAX_PLAYOUTS}"),
                    ));
                }
                Ok(Some(BotSeat {
                    color: color_name(creator.opponent()).to_string(),
                    playouts,
                }))
            }
            other => Err(ApiError::bad_request(
                "opponent",
                format!("opponent must be human or bot, not {other:?}"),
            )),
        }
    }
}

/// The shortest time a player may be given to make a move (or the first move).
const MIN_TIME: Duration = Duration::from_secs(1);
/// The longest time for one move (a byo-yomi or Canadian period, a Fischer increment).
const MAX_MOVE_TIME: Duration = Duration::from_secs(24 * 3600);
/// The longest time for a whole game (main time, and main time with every byo-yomi
/// period).
const MAX_GAME_TIME: Duration = Duration::from_secs(365 * 24 * 3600);

/// Why a time control makes no game, if it does not: a player who must move at once (no
/// time at all to start with), or times beyond a day a move or a year a game.
pub fn check_time_control(control: &TimeControl) -> Result<(), String> {
    let at_most = |what: &str, d: Duration, max: Duration, unit: &str| {
        if d > max {
            Err(format!("{what} may be at most {unit}"))
        } else {
            Ok(())
        }
    };
    match *control {
        TimeControl::None => Ok(()),
        TimeControl::Absolute { main } => {
            if main < MIN_TIME {
                return Err("the time for the game must be at least 1 s".into());
            }
            at_most("the time for the game", main, MAX_GAME_TIME, "a year")
        }
        TimeControl::ByoYomi {
            main,
            periods,
            period,
        } => {
            if periods == 0 || period < MIN_TIME {
                return Err("byo-yomi needs at least one period of at least 1 s".into());
            }
            at_most("a byo-yomi period", period, MAX_MOVE_TIME, "a day")?;
            let all = main.saturating_add(period.saturating_mul(periods));
            at_most(
                "the main time with all the periods",
                all,
                MAX_GAME_TIME,
                "a year",
            )
        }
        TimeControl::Canadian {
            main,
            stones,
            period,
        } => {
            if stones == 0 || period < MIN_TIME {
                return Err("a Canadian period needs at least one stone and at least 1 s".into());
            }
            at_most("a Canadian period", period, MAX_MOVE_TIME, "a day")?;
            at_most("the main time", main, MAX_GAME_TIME, "a year")
        }
        TimeControl::Fischer {
            main,
            increment,
            cap,
        } => {
            if main < MIN_TIME {
                return Err(
                    "the starting time must be at least 1 s (the increment comes only after a move)"
                        .into(),
                );
            }
            if cap.is_some_and(|c| c < MIN_TIME) {
                return Err("the cap must be at least 1 s".into());
            }
            at_most("the increment", increment, MAX_MOVE_TIME, "a day")?;
            at_most("the starting time", main, MAX_GAME_TIME, "a year")
        }
    }
}

impl Settings {
    /// The board size.
    pub fn board_size(&self) -> Size {
        // The side was checked (2 to 25) when the game was created.
        Size::square(self.size).unwrap_or(Size::NINETEEN)
    }

    /// The ruleset's name.
    pub fn ruleset_name(&self) -> RulesetName {
        RulesetName::parse(&self.ruleset).unwrap_or(RulesetName::Japanese)
    }

    /// The rules: the named ruleset with the overrides.
    pub fn rules(&self) -> Result<Rules, ApiError> {
        let mut rules = self.ruleset_name().rules();
        for (k, v) in &self.overrides {
            rules.set(k, v).map_err(|e| {
                let field = if k == "komi" || k == "handicap-placement" {
                    k.clone()
                } else {
                    format!("overrides.{k}")
                };
                ApiError::bad_request(&field, e.to_string())
            })?;
        }
        Ok(rules)
    }

    /// The time control.
    pub fn time_control(&self) -> TimeControl {
        self.time
            .parse::<TimeSpec>()
            .map_or(TimeControl::None, TimeControl::from)
    }

    /// The bot's colour, if a bot plays.
    pub fn bot_color(&self) -> Option<Color> {
        self.bot.as_ref().and_then(|b| color_from_name(&b.color))
    }

    fn check_handicap(&self, rules: &Rules) -> Result<(), ApiError> {
        let n = self.handicap;
        if n == 0 {
            return Ok(());
        }
        let size = self.board_size();
        let fixed = rules.handicap_placement == tengen::rules::HandicapPlacement::Fixed;
        let max = if fixed {
            max_fixed_handicap(size)
        } else {
            u8::try_from(size.points() - 1).unwrap_or(u8::MAX)
        };
        if max < 2 {
            return Err(ApiError::bad_request(
                "handicap",
                "fixed handicap stones need a board of at least 7x7",
            ));
        }
        let bot_places = self.bot_color() == Some(Color::Black) && !fixed;
        if bot_places && n > max_fixed_handicap(size) {
            return Err(ApiError::bad_request(
                "handicap",
                format!(
                    "the bot places a free handicap on the star points: at most {} stones here",
                    max_fixed_handicap(size)
                ),
            ));
        }
        if n < 2 || n > max {
            return Err(ApiError::bad_request(
                "handicap",
                format!("a handicap must be 0 or 2 to {max} stones on this board"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_japanese_19x19_without_time() {
        let s = CreateRequest::default().check(true).unwrap();
        assert_eq!(s.size, 19);
        assert_eq!(s.ruleset, "japanese");
        assert_eq!(s.time, "none");
        assert_eq!(s.rules().unwrap(), RulesetName::Japanese.rules());
    }

    #[test]
    fn overrides_komi_and_placement_change_the_rules() {
        let req = CreateRequest {
            ruleset: Some("Chinese".into()),
            komi: Some(0.5),
            placement: Some("fixed".into()),
            overrides: Some([("ko".to_string(), "situational".to_string())].into()),
            ..CreateRequest::default()
        };
        let rules = req.check(true).unwrap().rules().unwrap();
        assert_eq!(rules.get("komi").unwrap(), "0.5");
        assert_eq!(rules.get("ko").unwrap(), "situational");
        assert_eq!(rules.get("handicap-placement").unwrap(), "fixed");
    }

    #[test]
    fn bad_fields_are_named() {
        let cases = [
            (
                CreateRequest {
                    size: Some(30),
                    ..Default::default()
                },
                "size",
            ),
            (
                CreateRequest {
                    ruleset: Some("chess".into()),
                    ..Default::default()
                },
                "ruleset",
            ),
            (
                CreateRequest {
                    komi: Some(0.3),
                    ..Default::default()
                },
                "komi",
            ),
            (
                CreateRequest {
                    time: Some("soon".into()),
                    ..Default::default()
                },
                "time",
            ),
            (
                CreateRequest {
                    color: Some("red".into()),
                    ..Default::default()
                },
                "color",
            ),
            (
                CreateRequest {
                    handicap: Some(1),
                    ..Default::default()
                },
                "handicap",
            ),
            (
                CreateRequest {
                    size: Some(5),
                    handicap: Some(2),
                    ..Default::default()
                },
                "handicap",
            ),
            (
                CreateRequest {
                    size: Some(9),
                    handicap: Some(10),
                    ..Default::default()
                },
                "handicap",
            ),
            (
                CreateRequest {
                    opponent: Some("bot".into()),
                    bot_playouts: Some(1),
                    ..Default::default()
                },
                "bot_playouts",
            ),
            (
                CreateRequest {
                    overrides: Some([("ko".into(), "sometimes".into())].into()),
                    ..Default::default()
                },
                "overrides.ko",
            ),
        ];
        for (req, field) in cases {
            let e = req.check(true).unwrap_err();
            assert_eq!(e.code, "bad_request");
            assert_eq!(e.extra["field"], field, "{e}");
        }
    }

    /// Time controls under which nobody could move, or whose times pass a day a move or
    /// a year a game, are refused by name; the nearest sensible ones are taken.
    #[test]
    fn time_controls_that_make_no_game_are_refused() {
        let refused = [
            "absolute:0s",
            "absolute:0",
            "fischer:0+0",
            "fischer:0+30s",
            "byoyomi:10m+5x0s",
            "byoyomi:10m+0x30s",
            "canadian:10m+0/5m",
            "canadian:10m+25/0s",
            // 366 days for the game; a period of a day and a second; 400 days of periods.
            "absolute:31622400",
            "byoyomi:0+3x86401",
            "byoyomi:0+400x86400",
            "fischer:10m+86401",
            "canadian:31622400+25/5m",
        ];
        for t in refused {
            let req = CreateRequest {
                time: Some(t.into()),
                ..Default::default()
            };
            let e = req.check(true).unwrap_err();
            assert_eq!(e.extra["field"], "time", "{t}: {e}");
            assert!(e.message.contains(t), "{t}: {e}");
        }
        for t in [
            "absolute:1",
            "byoyomi:0+1x1",
            "canadian:0+1/1",
            "fischer:1+0",
            "absolute:31536000",
            "byoyomi:0+1x86400",
        ] {
            let req = CreateRequest {
                time: Some(t.into()),
                ..Default::default()
            };
            assert!(req.check(true).is_ok(), "{t}");
        }
        let req = CreateRequest {
            scoring_time_limit: Some(0),
            ..Default::default()
        };
        assert_eq!(
            req.check(true).unwrap_err().extra["field"],
            "scoring_time_limit"
        );
    }

    /// Hidden direction changes and control characters go; runs of spaces become one.
    #[test]
    fn names_lose_control_and_direction_characters() {
        assert_eq!(clean_name("  Al\u{202E}ice\u{0007}  "), "Alice");
        assert_eq!(
            clean_name("Bob\u{200B}\u{2066}by \t  Tables"),
            "Bobby Tables"
        );
        assert_eq!(clean_name(&"x".repeat(100)).len(), MAX_NAME);
        assert_eq!(check_name("Anne").unwrap(), "Anne");
    }

    #[test]
    fn nobody_may_pass_for_the_bot() {
        for name in [
            "tengen (bot)",
            "Tengen (Bot)",
            "tengen\u{202E} (bot)",
            "  TENGEN  ( bot)",
            "tengen",
            "Alice (bot)",
        ] {
            let e = check_name(name).unwrap_err();
            assert_eq!(e.extra["field"], "name", "{name}");
        }
        let req = CreateRequest {
            name: Some("tengen (bot)".into()),
            ..Default::default()
        };
        assert_eq!(req.check(true).unwrap_err().extra["field"], "name");
    }

    #[test]
    fn nigiri_and_bot_take_the_other_seat() {
        let req = CreateRequest {
            color: Some("nigiri".into()),
            opponent: Some("bot".into()),
            ..Default::default()
        };
        let s = req.check(false).unwrap();
        assert_eq!(s.creator, "white");
        assert_eq!(s.bot_color(), Some(Color::Black));
        assert_eq!(req.check(true).unwrap().bot_color(), Some(Color::White));
    }
}
