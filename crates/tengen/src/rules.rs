//! Rule values and named rulesets (docs/rules.md §2-§8).
//!
//! A ruleset is a value, not a type: [`Rules`] holds one enum per rule dimension. Every
//! value has one canonical name (as spelled in docs/rules.md) and parses from any known spelling.

use std::fmt;
use std::str::FromStr;

/// Defines a rule enum whose variants each have a canonical name and aliases.
macro_rules! rule_enum {
    ($(#[$meta:meta])* $name:ident, $key:literal {
        $($(#[$vmeta:meta])* $variant:ident => $canon:literal $(| $alias:literal)*,)+
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The key of this rule dimension as spelled in docs/rules.md.
            pub const KEY: &'static str = $key;

            /// The canonical name, as spelled in docs/rules.md.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $canon,)+ }
            }

            /// Parses the canonical name or an alias, ignoring case, `_` and `-`.
            pub fn parse(s: &str) -> Option<$name> {
                let k = normalise(s);
                $(if k == normalise($canon) $(|| k == normalise($alias))* {
                    return Some($name::$variant);
                })+
                None
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = RuleError;
            fn from_str(s: &str) -> Result<$name, RuleError> {
                $name::parse(s).ok_or_else(|| RuleError::BadValue {
                    key: $key,
                    value: s.to_string(),
                    expected: $name::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", "),
                })
            }
        }
    };
}

/// Lower-cases and drops `-`, `_` and spaces, so `Natural_Situational` matches
/// `natural-situational`.
fn normalise(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

rule_enum! {
    /// What a player's score counts (docs/rules.md §5.2).
    Scoring, "scoring" {
        /// Stones on the board plus regions belonging to the player (docs/rules.md §5.2 `area`).
        Area => "area",
        /// Regions belonging to the player plus prisoners held (docs/rules.md §5.2 `territory`).
        Territory => "territory",
        /// Stones on the board only (docs/rules.md §5.2 `stones`; ancient stone scoring).
        Stones => "stones",
    }
}

rule_enum! {
    /// When self-capture is legal (docs/rules.md §2).
    Suicide, "suicide" {
        /// A play is illegal if step 3 would remove any stone (docs/rules.md §2 `forbidden`).
        Forbidden => "forbidden" | "no" | "false",
        /// Only single-stone suicide of the stone just played is illegal (docs/rules.md §2 `multi-stone`).
        MultiStone => "multi-stone" | "multi",
        /// Every suicide is legal (docs/rules.md §2 `allowed`).
        Allowed => "allowed" | "yes" | "true",
    }
}

rule_enum! {
    /// Which repetitions make a play illegal (docs/rules.md §3).
    KoRule, "ko" {
        /// Only the immediate retake of a single-stone ko is illegal (docs/rules.md §3 `simple`).
        Simple => "simple",
        /// No play may recreate any earlier position (docs/rules.md §3 `positional`, PSK).
        Positional => "positional" | "psk" | "positional-superko",
        /// No play may recreate an earlier position with the same player to move (docs/rules.md §3 `situational`, SSK).
        Situational => "situational" | "ssk" | "situational-superko",
        /// No play may recreate a position its own player created (docs/rules.md §3 `natural-situational`, NSSK).
        NaturalSituational => "natural-situational" | "nssk",
        /// No capturing play may recreate an earlier position (docs/rules.md §3 `capture-positional`; Ikeda rule 4).
        CapturePositional => "capture-positional" | "ikeda",
        /// Seed 004's cycle-set and disallowed-capture rules 9 and 15 (docs/rules.md §3.2; Ing).
        CycleSets => "cycle-sets" | "ing" | "sst",
    }
}

rule_enum! {
    /// What happens when a long cycle repeats under simple ko (docs/rules.md §3.1).
    LongCycle, "long-cycle" {
        /// The game is void and must be replayed (docs/rules.md §3.1 `no-result`; Japanese).
        NoResult => "no-result" | "void",
        /// The game is drawn (docs/rules.md §3.1 `draw`; Korean).
        Draw => "draw",
        /// Play goes on (docs/rules.md §3.1 `ignore`; analysis only).
        Ignore => "ignore" | "none",
    }
}

rule_enum! {
    /// How consecutive passes end the game (docs/rules.md §4).
    Ending, "end" {
        /// Two passes in succession end the game (docs/rules.md §4 `two-passes`).
        TwoPasses => "two-passes",
        /// Two passes end it only if White made the second; else White must pass again (docs/rules.md §4 `white-passes-last`; AGA).
        WhitePassesLast => "white-passes-last" | "aga",
        /// Two passes are a preliminary end; the next two passes end the game (docs/rules.md §4 `preliminary-end`; Ikeda Territory I/II).
        PreliminaryEnd => "preliminary-end",
    }
}

rule_enum! {
    /// Whether a pass hands a prisoner to the opponent (docs/rules.md §4, pass stones).
    PassStones, "pass-stones" {
        /// Passing costs nothing (docs/rules.md §4 `never`).
        Never => "never" | "no",
        /// Every pass gives the opponent one prisoner (docs/rules.md §4 `always`; AGA).
        Always => "always" | "yes",
        /// Every pass gives one prisoner, except a game-ending pass by Black (docs/rules.md §4; Ikeda Territory III).
        AlwaysExceptBlackFinal => "always-except-black-final" | "not-black-final",
        /// Passes after the preliminary end give one, except a final pass by the first mover after it (docs/rules.md §4; Ikeda Territory I/II).
        AfterPreliminaryEnd => "after-preliminary-end",
    }
}

rule_enum! {
    /// Whether regions next to a seki count as territory (docs/rules.md §5.2).
    SekiTerritory, "seki-territory" {
        /// Seki regions count like any other (docs/rules.md §5.2).
        Counted => "counted" | "yes",
        /// A region adjacent to a chain in seki is neutral (docs/rules.md §5.2 `not-counted`; Japanese, Korean).
        NotCounted => "not-counted" | "no",
    }
}

rule_enum! {
    /// How the status of stones is settled after the end (docs/rules.md §5.1).
    DeadStones, "dead-stones" {
        /// Every stone on the board at the end is alive (docs/rules.md §5.1 `play-out`).
        PlayOut => "play-out" | "none",
        /// Players mark dead stones; a rejection resumes play (docs/rules.md §5.1 `agreement, then resume`).
        AgreeThenResume => "agree-resume" | "agreement-then-resume" | "resume",
        /// As agree-resume, but after one resumption every stone counts as alive (docs/rules.md §5.1; WMSG).
        AgreeThenResumeOnce => "agree-resume-once" | "agreement-then-resume-once" | "resume-once",
        /// Disputes are settled by confirmation play, then the board is restored (docs/rules.md §5.1; Japanese, Korean).
        AgreeThenConfirm => "agree-confirm" | "agreement-then-confirmation" | "confirmation",
    }
}

rule_enum! {
    /// Who wins an equal score (docs/rules.md §5.2 `ties`).
    Ties, "ties" {
        /// An equal score is a draw, jigo (docs/rules.md §5.2).
        Draw => "draw" | "jigo",
        /// Black wins an equal score (docs/rules.md §5.2; Ing).
        BlackWins => "black-wins" | "black",
        /// White wins an equal score (docs/rules.md §5.2; Japan's komi of 5, as the 1960s Meijin).
        WhiteWins => "white-wins" | "white",
    }
}

rule_enum! {
    /// Where handicap stones go (docs/rules.md §6).
    HandicapPlacement, "handicap-placement" {
        /// Star points in GTP's order (docs/rules.md §6 `fixed`).
        Fixed => "fixed",
        /// Black chooses the points (docs/rules.md §6 `free`).
        Free => "free",
    }
}

rule_enum! {
    /// Points White receives for a handicap of N stones under area scoring (docs/rules.md §6).
    Compensation, "handicap-compensation" {
        /// Nothing (docs/rules.md §6; Japanese, Korean, NZ).
        None => "0" | "none",
        /// N points (docs/rules.md §6; Chinese, Ing).
        N => "n",
        /// N-1 points (docs/rules.md §6; AGA).
        NMinusOne => "n-1" | "nminus1" | "n-minus-one",
    }
}

rule_enum! {
    /// Score adjustment when White passed first (docs/rules.md §5.2 `first-pass-adjustment`).
    FirstPassAdjustment, "first-pass-adjustment" {
        /// No adjustment (docs/rules.md §5.2).
        None => "none" | "0",
        /// If White passed first, Black -0.5 and White +0.5 (docs/rules.md §5.2; Ikeda Area III).
        HalfPoint => "half-point" | "0.5",
        /// If White passed first, Black -1 (docs/rules.md §5.2; WMSG).
        OnePoint => "one-point" | "1",
    }
}

/// Komi: points added to White's score, a multiple of 0.5 (docs/rules.md §5.2). Made from
/// points (`Komi::from_points(7.5)`, `"7.5".parse()`, `Komi::try_from(7.5)`) and printed
/// as points (`7.5`); kept exactly, in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

impl Komi {
    /// The largest komi either way, in points: far beyond any game, small enough that every
    /// total stays exact.
    pub const LIMIT: f64 = 100_000.0;

    /// No komi.
    pub const ZERO: Komi = Komi(0);

    /// Komi from points; `None` unless a multiple of 0.5 within ±[`Komi::LIMIT`]
    /// (docs/rules.md §5.2).
    pub fn from_points(points: f64) -> Option<Komi> {
        let halves = points * 2.0;
        (halves.is_finite() && halves.fract() == 0.0 && points.abs() <= Komi::LIMIT)
            .then_some(Komi(halves as i32))
    }

    /// Komi from a number of half points (`15` is 7.5); `None` beyond ±[`Komi::LIMIT`].
    pub fn from_halves(halves: i32) -> Option<Komi> {
        (f64::from(halves).abs() <= 2.0 * Komi::LIMIT).then_some(Komi(halves))
    }

    /// The komi in points.
    pub fn points(self) -> f64 {
        self.0 as f64 / 2.0
    }

    /// The komi in half points (7.5 is 15).
    pub fn halves(self) -> i32 {
        self.0
    }

    /// Whether a count under this komi can end with a margin of `margin_halves` half points
    /// (docs/rules.md §5.2): stones, territory and prisoners are whole points, so a
    /// margin's half point is the komi's (komi 5 gives W+2 but never W+1.5). A half-point
    /// adjustment for the first pass (Ikeda Area III) moves it: callers leave that out.
    pub fn allows_margin(self, margin_halves: u32) -> bool {
        (i64::from(margin_halves) - i64::from(self.0)) % 2 == 0
    }
}

impl TryFrom<f64> for Komi {
    type Error = RuleError;
    fn try_from(points: f64) -> Result<Komi, RuleError> {
        Komi::from_points(points).ok_or_else(|| bad_komi(&points.to_string()))
    }
}

/// The refusal of a komi that is no multiple of 0.5 within the limit.
fn bad_komi(value: &str) -> RuleError {
    RuleError::BadValue {
        key: "komi",
        value: value.to_string(),
        expected: format!("a multiple of 0.5 from -{0} to {0}", Komi::LIMIT),
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_halves(f, self.0)
    }
}

/// A number of half points as text: `7`, `7.5`, `-0.5`.
pub fn halves(h: i32) -> String {
    struct H(i32);
    impl fmt::Display for H {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_halves(f, self.0)
        }
    }
    H(h).to_string()
}

/// Writes a number of half points as `7`, `7.5` or `-0.5`.
pub fn write_halves(f: &mut fmt::Formatter<'_>, halves: i32) -> fmt::Result {
    let sign = if halves < 0 { "-" } else { "" };
    let a = halves.unsigned_abs();
    if a.is_multiple_of(2) {
        write!(f, "{sign}{}", a / 2)
    } else {
        write!(f, "{sign}{}.5", a / 2)
    }
}

impl FromStr for Komi {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Komi, RuleError> {
        s.trim()
            .parse::<f64>()
            .ok()
            .and_then(Komi::from_points)
            .ok_or_else(|| bad_komi(s))
    }
}

/// A complete ruleset: one value per rule dimension (docs/rules.md §8).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// docs/rules.md §5.2.
    pub scoring: Scoring,
    /// docs/rules.md §3.
    pub ko: KoRule,
    /// docs/rules.md §3.1.
    pub long_cycle: LongCycle,
    /// docs/rules.md §2.
    pub suicide: Suicide,
    /// docs/rules.md §4.
    pub ending: Ending,
    /// docs/rules.md §4.
    pub pass_stones: PassStones,
    /// docs/rules.md §5.2.
    pub seki_territory: SekiTerritory,
    /// docs/rules.md §5.2 `immortal-territory-only` (Ikeda Territory II).
    pub immortal_territory_only: bool,
    /// docs/rules.md §5.2 `group-tax`.
    pub group_tax: bool,
    /// docs/rules.md §5.1.
    pub dead_stones: DeadStones,
    /// docs/rules.md §5.2.
    pub komi: Komi,
    /// docs/rules.md §5.2.
    pub ties: Ties,
    /// docs/rules.md §6.
    pub handicap_placement: HandicapPlacement,
    /// docs/rules.md §6.
    pub compensation: Compensation,
    /// docs/rules.md §5.2.
    pub first_pass: FirstPassAdjustment,
    /// Stones each player may have on the board at once; `None` is unlimited (docs/rules.md §4).
    pub stone_supply: Option<u16>,
}

/// The named rulesets of docs/rules.md §8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesetName {
    /// Tromp-Taylor: the basic rules with suicide, PSK and area scoring.
    TrompTaylor,
    /// Chinese rules.
    Chinese,
    /// Japanese rules (1989).
    Japanese,
    /// Korean rules.
    Korean,
    /// American Go Association rules.
    Aga,
    /// Ing (SST) rules.
    Ing,
    /// New Zealand rules.
    NewZealand,
    /// World Mind Sports Games rules.
    Wmsg,
    /// Ikeda Area Rules I (stone scoring).
    IkedaArea1,
    /// Ikeda Area Rules II.
    IkedaArea2,
    /// Ikeda Area Rules III.
    IkedaArea3,
    /// Ikeda Territory Rules I.
    IkedaTerritory1,
    /// Ikeda Territory Rules II.
    IkedaTerritory2,
    /// Ikeda Territory Rules III.
    IkedaTerritory3,
}

impl RulesetName {
    /// Every named ruleset in the order of docs/rules.md §8.
    pub const ALL: [RulesetName; 14] = [
        RulesetName::TrompTaylor,
        RulesetName::Chinese,
        RulesetName::Japanese,
        RulesetName::Korean,
        RulesetName::Aga,
        RulesetName::Ing,
        RulesetName::NewZealand,
        RulesetName::Wmsg,
        RulesetName::IkedaArea1,
        RulesetName::IkedaArea2,
        RulesetName::IkedaArea3,
        RulesetName::IkedaTerritory1,
        RulesetName::IkedaTerritory2,
        RulesetName::IkedaTerritory3,
    ];

    /// The canonical name (docs/rules.md §8).
    pub fn name(self) -> &'static str {
        match self {
            RulesetName::TrompTaylor => "tromp-taylor",
            RulesetName::Chinese => "chinese",
            RulesetName::Japanese => "japanese",
            RulesetName::Korean => "korean",
            RulesetName::Aga => "aga",
            RulesetName::Ing => "ing",
            RulesetName::NewZealand => "new-zealand",
            RulesetName::Wmsg => "wmsg",
            RulesetName::IkedaArea1 => "ikeda-area-1",
            RulesetName::IkedaArea2 => "ikeda-area-2",
            RulesetName::IkedaArea3 => "ikeda-area-3",
            RulesetName::IkedaTerritory1 => "ikeda-territory-1",
            RulesetName::IkedaTerritory2 => "ikeda-territory-2",
            RulesetName::IkedaTerritory3 => "ikeda-territory-3",
        }
    }

    /// Other spellings, including SGF `RU` values (docs/rules.md §8).
    fn aliases(self) -> &'static [&'static str] {
        match self {
            // `Tromp/Taylor`: what Badank (a CGOS-style match runner) writes in `RU`.
            RulesetName::TrompTaylor => &["tt", "trompTaylor", "tromp taylor", "Tromp/Taylor"],
            // `Chinese-OGS`: what KataGo writes for positional-superko Chinese rules (its
            // `Chinese` has simple ko); `Chinese-KGS`, its other name for the same rules.
            RulesetName::Chinese => &["cn", "chn", "china", "Chinese-OGS", "Chinese-KGS"],
            RulesetName::Japanese => &["jp", "jpn", "japan", "nihon kiin"],
            RulesetName::Korean => &["kr", "kor", "korea"],
            RulesetName::Aga => &["american", "bga"],
            RulesetName::Ing => &["goe", "sst", "ing sst", "ing goe"],
            RulesetName::NewZealand => &["nz"],
            RulesetName::Wmsg => &["mind sports", "world mind sports games"],
            RulesetName::IkedaArea1 => &["ikeda area i", "stone scoring", "stones", "ancient"],
            RulesetName::IkedaArea2 => &["ikeda area ii"],
            RulesetName::IkedaArea3 => &["ikeda area iii"],
            RulesetName::IkedaTerritory1 => &["ikeda territory i"],
            RulesetName::IkedaTerritory2 => &["ikeda territory ii"],
            RulesetName::IkedaTerritory3 => &["ikeda territory iii"],
        }
    }

    /// Finds a ruleset by any known spelling, ignoring case, spaces, `-` and `_`.
    pub fn parse(s: &str) -> Option<RulesetName> {
        let k = normalise(s);
        RulesetName::ALL
            .into_iter()
            .find(|r| normalise(r.name()) == k || r.aliases().iter().any(|a| normalise(a) == k))
    }

    /// What the ruleset means for a player, in one line (for menus; docs/rules.md §8).
    pub fn summary(self) -> &'static str {
        match self {
            RulesetName::TrompTaylor => "Area scoring, suicide allowed, no repeated positions; play out until two passes, nothing is agreed.",
            RulesetName::Chinese => "Area scoring, no suicide, no repeated positions; agree dead stones or play on.",
            RulesetName::Japanese => "Territory scoring (prisoners count), simple ko, seki points not counted; disputes settled by confirmation play.",
            RulesetName::Korean => "Japanese-style territory scoring; a long cycle is a draw instead of no result.",
            RulesetName::Aga => "Area and territory agree: a pass gives a prisoner, White passes last; no repeated situation.",
            RulesetName::Ing => "Area scoring with 8 komi, Black wins ties; multi-stone suicide allowed; Ing's cycle rules for ko.",
            RulesetName::NewZealand => "Area scoring, multi-stone suicide allowed, no repeated situation.",
            RulesetName::Wmsg => "Area scoring, no repeated positions; after one disputed resumption every stone on the board is alive.",
            RulesetName::IkedaArea1 => "Stone scoring: only stones on the board count, so every group pays for its eyes.",
            RulesetName::IkedaArea2 => "Area scoring played out to the end; a capture may never recreate a position.",
            RulesetName::IkedaArea3 => "Area scoring played out to the end; the first pass is worth half a point.",
            RulesetName::IkedaTerritory1 => "Territory scoring played out; after the preliminary end each pass gives the opponent a prisoner.",
            RulesetName::IkedaTerritory2 => "Territory scoring played out, counting only territory surrounded by immortal groups.",
            RulesetName::IkedaTerritory3 => "Territory scoring played out; every pass but Black's last gives the opponent a prisoner.",
        }
    }

    /// The SGF `RU` value written for this ruleset.
    pub fn sgf_name(self) -> &'static str {
        match self {
            RulesetName::TrompTaylor => "Tromp-Taylor",
            RulesetName::Chinese => "Chinese",
            RulesetName::Japanese => "Japanese",
            RulesetName::Korean => "Korean",
            RulesetName::Aga => "AGA",
            RulesetName::Ing => "GOE",
            RulesetName::NewZealand => "NZ",
            other => other.name(),
        }
    }

    /// The rules this name stands for, with its defaults (docs/rules.md §8).
    pub fn rules(self) -> Rules {
        use RulesetName as N;
        let base = Rules::tromp_taylor();
        match self {
            N::TrompTaylor => base,
            N::Chinese => Rules {
                suicide: Suicide::Forbidden,
                dead_stones: DeadStones::AgreeThenResume,
                compensation: Compensation::N,
                ..base
            },
            N::Japanese | N::Korean => Rules {
                scoring: Scoring::Territory,
                ko: KoRule::Simple,
                long_cycle: if self == N::Japanese {
                    LongCycle::NoResult
                } else {
                    LongCycle::Draw
                },
                suicide: Suicide::Forbidden,
                seki_territory: SekiTerritory::NotCounted,
                dead_stones: DeadStones::AgreeThenConfirm,
                komi: Komi(13), // 6.5 points
                handicap_placement: HandicapPlacement::Fixed,
                ..base
            },
            N::Aga => Rules {
                ko: KoRule::Situational,
                suicide: Suicide::Forbidden,
                ending: Ending::WhitePassesLast,
                pass_stones: PassStones::Always,
                dead_stones: DeadStones::AgreeThenResume,
                handicap_placement: HandicapPlacement::Fixed,
                compensation: Compensation::NMinusOne,
                ..base
            },
            N::Ing => Rules {
                ko: KoRule::CycleSets,
                suicide: Suicide::MultiStone,
                dead_stones: DeadStones::AgreeThenResume,
                komi: Komi(16), // 8 points
                ties: Ties::BlackWins,
                compensation: Compensation::N,
                stone_supply: Some(180),
                ..base
            },
            N::NewZealand => Rules {
                ko: KoRule::Situational,
                suicide: Suicide::MultiStone,
                dead_stones: DeadStones::AgreeThenResume,
                komi: Komi(14), // 7 points
                ..base
            },
            N::Wmsg => Rules {
                suicide: Suicide::Forbidden,
                dead_stones: DeadStones::AgreeThenResumeOnce,
                komi: Komi(13), // 6.5 points
                compensation: Compensation::N,
                first_pass: FirstPassAdjustment::OnePoint,
                ..base
            },
            N::IkedaArea1 | N::IkedaArea2 | N::IkedaArea3 => Rules {
                scoring: if self == N::IkedaArea1 {
                    Scoring::Stones
                } else {
                    Scoring::Area
                },
                first_pass: if self == N::IkedaArea3 {
                    FirstPassAdjustment::HalfPoint
                } else {
                    FirstPassAdjustment::None
                },
                ..Rules::ikeda_base()
            },
            N::IkedaTerritory1 | N::IkedaTerritory2 => Rules {
                scoring: Scoring::Territory,
                ending: Ending::PreliminaryEnd,
                pass_stones: PassStones::AfterPreliminaryEnd,
                immortal_territory_only: self == N::IkedaTerritory2,
                ..Rules::ikeda_base()
            },
            N::IkedaTerritory3 => Rules {
                scoring: Scoring::Territory,
                pass_stones: PassStones::AlwaysExceptBlackFinal,
                ..Rules::ikeda_base()
            },
        }
    }
}

impl fmt::Display for RulesetName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RulesetName {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<RulesetName, RuleError> {
        RulesetName::parse(s).ok_or_else(|| RuleError::UnknownRuleset(s.to_string()))
    }
}

/// A rule name, key or value that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// No ruleset has this name.
    UnknownRuleset(String),
    /// No rule has this key.
    UnknownKey(String),
    /// The value is not one of the key's values.
    BadValue {
        /// The rule.
        key: &'static str,
        /// The value given.
        value: String,
        /// The values the rule takes.
        expected: String,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::UnknownRuleset(s) => {
                let names: Vec<_> = RulesetName::ALL.iter().map(|r| r.name()).collect();
                write!(f, "unknown ruleset {s:?} (known: {})", names.join(", "))
            }
            RuleError::UnknownKey(k) => {
                write!(f, "unknown rule {k:?} (known: {})", Rules::KEYS.join(", "))
            }
            RuleError::BadValue {
                key,
                value,
                expected,
            } => {
                write!(f, "{value:?} is not a value of {key} (expected {expected})")
            }
        }
    }
}

impl std::error::Error for RuleError {}

fn parse_bool(key: &'static str, s: &str) -> Result<bool, RuleError> {
    match normalise(s).as_str() {
        "yes" | "true" | "on" | "1" => Ok(true),
        "no" | "false" | "off" | "0" => Ok(false),
        _ => Err(RuleError::BadValue {
            key,
            value: s.to_string(),
            expected: "yes, no".into(),
        }),
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// One rule key: its name as docs/rules.md spells it, its other accepted spellings, and how to
/// read and write its value in [`Rules`]. Every key is named once, here.
struct Key {
    name: &'static str,
    aliases: &'static [&'static str],
    get: fn(&Rules) -> String,
    set: fn(&mut Rules, &str) -> Result<(), RuleError>,
}

/// The rule keys, in display order.
const TABLE: [Key; 16] = [
    Key {
        name: "scoring",
        aliases: &[],
        get: |r| r.scoring.to_string(),
        set: |r, v| v.parse().map(|x| r.scoring = x),
    },
    Key {
        name: "ko",
        aliases: &["ko-rule"],
        get: |r| r.ko.to_string(),
        set: |r, v| v.parse().map(|x| r.ko = x),
    },
    Key {
        name: "long-cycle",
        aliases: &[],
        get: |r| r.long_cycle.to_string(),
        set: |r, v| v.parse().map(|x| r.long_cycle = x),
    },
    Key {
        name: "suicide",
        aliases: &[],
        get: |r| r.suicide.to_string(),
        set: |r, v| v.parse().map(|x| r.suicide = x),
    },
    Key {
        name: "end",
        aliases: &["ending"],
        get: |r| r.ending.to_string(),
        set: |r, v| v.parse().map(|x| r.ending = x),
    },
    Key {
        name: "pass-stones",
        aliases: &[],
        get: |r| r.pass_stones.to_string(),
        set: |r, v| v.parse().map(|x| r.pass_stones = x),
    },
    Key {
        name: "seki-territory",
        aliases: &[],
        get: |r| r.seki_territory.to_string(),
        set: |r, v| v.parse().map(|x| r.seki_territory = x),
    },
    Key {
        name: "immortal-territory-only",
        aliases: &[],
        get: |r| yes_no(r.immortal_territory_only).to_string(),
        set: |r, v| parse_bool("immortal-territory-only", v).map(|x| r.immortal_territory_only = x),
    },
    Key {
        name: "group-tax",
        aliases: &[],
        get: |r| yes_no(r.group_tax).to_string(),
        set: |r, v| parse_bool("group-tax", v).map(|x| r.group_tax = x),
    },
    Key {
        name: "dead-stones",
        aliases: &[],
        get: |r| r.dead_stones.to_string(),
        set: |r, v| v.parse().map(|x| r.dead_stones = x),
    },
    Key {
        name: "komi",
        aliases: &[],
        get: |r| r.komi.to_string(),
        set: |r, v| v.parse().map(|x| r.komi = x),
    },
    Key {
        name: "ties",
        aliases: &[],
        get: |r| r.ties.to_string(),
        set: |r, v| v.parse().map(|x| r.ties = x),
    },
    Key {
        name: "handicap-placement",
        aliases: &[],
        get: |r| r.handicap_placement.to_string(),
        set: |r, v| v.parse().map(|x| r.handicap_placement = x),
    },
    Key {
        name: "handicap-compensation",
        aliases: &["compensation"],
        get: |r| r.compensation.to_string(),
        set: |r, v| v.parse().map(|x| r.compensation = x),
    },
    Key {
        name: "first-pass-adjustment",
        aliases: &["first-pass"],
        get: |r| r.first_pass.to_string(),
        set: |r, v| v.parse().map(|x| r.first_pass = x),
    },
    Key {
        name: "stone-supply",
        aliases: &[],
        get: |r| {
            r.stone_supply
                .map_or("unlimited".to_string(), |n| n.to_string())
        },
        set: |r, v| parse_supply(v).map(|x| r.stone_supply = x),
    },
];

/// A stone supply: `unlimited` (or `none`, `0`) or a number of stones per player.
fn parse_supply(value: &str) -> Result<Option<u16>, RuleError> {
    match normalise(value).as_str() {
        "unlimited" | "none" | "0" => Ok(None),
        // The number as written: `normalise` drops a minus sign.
        _ => value
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| RuleError::BadValue {
                key: "stone-supply",
                value: value.to_string(),
                expected: "unlimited, or a number of stones from 1 to 65535".into(),
            }),
    }
}

/// The entry of [`TABLE`] for a key spelled any accepted way.
fn key(key: &str) -> Result<&'static Key, RuleError> {
    let k = normalise(key);
    TABLE
        .iter()
        .find(|e| normalise(e.name) == k || e.aliases.iter().any(|a| normalise(a) == k))
        .ok_or_else(|| RuleError::UnknownKey(key.to_string()))
}

/// The names of [`TABLE`]'s keys, in order.
const fn key_names() -> [&'static str; 16] {
    let mut names = [""; 16];
    let mut k = 0;
    while k < 16 {
        names[k] = TABLE[k].name;
        k += 1;
    }
    names
}

impl Rules {
    /// The keys of [`Rules::set`] and [`Rules::get`], in display order.
    pub const KEYS: [&'static str; 16] = key_names();

    /// Tromp-Taylor: the basic rules of docs/rules.md §1 with every option at its simplest.
    pub fn tromp_taylor() -> Rules {
        Rules {
            scoring: Scoring::Area,
            ko: KoRule::Positional,
            long_cycle: LongCycle::Ignore,
            suicide: Suicide::Allowed,
            ending: Ending::TwoPasses,
            pass_stones: PassStones::Never,
            seki_territory: SekiTerritory::Counted,
            immortal_territory_only: false,
            group_tax: false,
            dead_stones: DeadStones::PlayOut,
            komi: Komi(15), // 7.5 points
            ties: Ties::Draw,
            handicap_placement: HandicapPlacement::Free,
            compensation: Compensation::None,
            first_pass: FirstPassAdjustment::None,
            stone_supply: None,
        }
    }

    /// What all of Ikeda's rules share: rules 4 and 5, play-out, komi 0 (rule 8).
    fn ikeda_base() -> Rules {
        Rules {
            ko: KoRule::CapturePositional,
            suicide: Suicide::Forbidden,
            komi: Komi(0),
            ..Rules::tromp_taylor()
        }
    }

    /// Chinese rules (docs/rules.md §8).
    pub fn chinese() -> Rules {
        RulesetName::Chinese.rules()
    }

    /// Japanese rules, 1989 (docs/rules.md §8).
    pub fn japanese() -> Rules {
        RulesetName::Japanese.rules()
    }

    /// Korean rules (docs/rules.md §8).
    pub fn korean() -> Rules {
        RulesetName::Korean.rules()
    }

    /// American Go Association rules (docs/rules.md §8).
    pub fn aga() -> Rules {
        RulesetName::Aga.rules()
    }

    /// Ing (SST) rules (docs/rules.md §8).
    pub fn ing() -> Rules {
        RulesetName::Ing.rules()
    }

    /// New Zealand rules (docs/rules.md §8).
    pub fn new_zealand() -> Rules {
        RulesetName::NewZealand.rules()
    }

    /// World Mind Sports Games rules (docs/rules.md §8).
    pub fn wmsg() -> Rules {
        RulesetName::Wmsg.rules()
    }

    /// The rules of a named ruleset (any known spelling, including SGF `RU` values).
    pub fn named(name: &str) -> Result<Rules, RuleError> {
        name.parse::<RulesetName>().map(RulesetName::rules)
    }

    /// The named ruleset whose defaults these rules are exactly, if any.
    pub fn ruleset_name(&self) -> Option<RulesetName> {
        RulesetName::ALL.into_iter().find(|n| n.rules() == *self)
    }

    /// Sets one rule by key and value, spelled as in docs/rules.md (`ko`, `natural-situational`).
    pub fn set(&mut self, key_name: &str, value: &str) -> Result<(), RuleError> {
        (key(key_name)?.set)(self, value)
    }

    /// The value of one rule, spelled as [`Rules::set`] accepts it.
    pub fn get(&self, key_name: &str) -> Result<String, RuleError> {
        Ok((key(key_name)?.get)(self))
    }

    /// Every `(key, value)` pair, in [`Rules::KEYS`] order.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        TABLE.iter().map(|k| (k.name, (k.get)(self))).collect()
    }

    /// The named ruleset closest to these rules (fewest differing values, komi aside),
    /// and the keys that differ from it.
    pub fn closest_named(&self) -> (RulesetName, Vec<&'static str>) {
        let differing = |n: RulesetName| {
            let mut d = self.differences(&n.rules());
            d.retain(|k| *k != "komi");
            d
        };
        let best = RulesetName::ALL
            .into_iter()
            .min_by_key(|&n| differing(n).len())
            .unwrap_or(RulesetName::TrompTaylor);
        (best, differing(best))
    }

    /// The keys whose values differ from `other`'s.
    pub fn differences(&self, other: &Rules) -> Vec<&'static str> {
        TABLE
            .iter()
            .filter(|k| (k.get)(self) != (k.get)(other))
            .map(|k| k.name)
            .collect()
    }
}

impl FromStr for Rules {
    type Err = RuleError;
    /// A named ruleset by any known spelling: `"japanese".parse::<Rules>()`.
    fn from_str(s: &str) -> Result<Rules, RuleError> {
        Rules::named(s)
    }
}

impl Default for Rules {
    /// Tromp-Taylor.
    fn default() -> Rules {
        Rules::tromp_taylor()
    }
}

impl fmt::Display for Rules {
    /// `key: value` lines; the ruleset's name first when these are a named ruleset's defaults.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.ruleset_name() {
            writeln!(f, "ruleset: {n}")?;
        }
        for (k, v) in self.entries() {
            writeln!(f, "{k}: {v}")?;
        }
        Ok(())
    }
}
