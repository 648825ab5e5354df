//! KataGo's rules dictionary (`kata-get-rules`, `kata-set-rules`, `kata-set-rule`) mapped
//! onto tengen's [`Rules`](tengen::Rules).
//!
//! KataGo describes rules with six fields (its `docs/GTP_Extensions.md`): `ko` (SIMPLE,
//! POSITIONAL, SITUATIONAL), `scoring` (AREA, TERRITORY), `tax` (NONE, SEKI, ALL),
//! `suicide` (whether *multi-stone* suicide is legal: single-stone suicide never is),
//! `hasButton` and `whiteHandicapBonus` (0, N-1, N). Each maps onto one or two tengen rule
//! values; what has no counterpart is refused with a message naming it, never approximated.
//! tengen's other rules (ending, pass stones, dead stones, long cycles...) are not part of
//! KataGo's dictionary: setting rules keeps them from the base ruleset, reading ignores them.

use crate::json::{self, Value};
use tengen::rules::{Compensation, KoRule, LongCycle, Scoring, SekiTerritory, Suicide};
use tengen::{Rules, RulesetName};

/// The current rules as KataGo's JSON dictionary, or why they cannot be written so.
pub fn to_json(rules: &Rules) -> Result<String, String> {
    let mut problems = Vec::new();
    let mut field = |r: Result<Value, String>| {
        r.unwrap_or_else(|e| {
            problems.push(e);
            Value::Str(String::new())
        })
    };
    let ko = field(ko_name(rules).map(|s| Value::Str(s.into())));
    let scoring = field(scoring_name(rules).map(|s| Value::Str(s.into())));
    let suicide = field(multi_stone_suicide(rules).map(Value::Bool));
    let tax = Value::Str(tax_name(rules).into());
    let bonus = Value::Str(bonus_name(rules.compensation).into());
    if !problems.is_empty() {
        return Err(format!(
            "the current rules have no KataGo equivalent: {}",
            problems.join("; ")
        ));
    }
    // The keys in the order KataGo writes them (alphabetical).
    Ok(json::write_object(&[
        ("hasButton", Value::Bool(false)),
        ("ko", ko),
        ("scoring", scoring),
        ("suicide", suicide),
        ("tax", tax),
        ("whiteHandicapBonus", bonus),
    ]))
}

fn ko_name(rules: &Rules) -> Result<&'static str, String> {
    match rules.ko {
        KoRule::Simple => Ok("SIMPLE"),
        KoRule::Positional => Ok("POSITIONAL"),
        KoRule::Situational => Ok("SITUATIONAL"),
        other => Err(format!("ko {other}")),
    }
}

fn scoring_name(rules: &Rules) -> Result<&'static str, String> {
    match rules.scoring {
        Scoring::Area => Ok("AREA"),
        Scoring::Territory => Ok("TERRITORY"),
        Scoring::Stones => Err("scoring stones".into()),
    }
}

/// KataGo's `suicide`. tengen's `allowed` also makes single-stone suicide legal, which
/// KataGo never does, except that positional superko forbids it anyway (it recreates the
/// previous position), so `allowed` maps only together with positional superko.
fn multi_stone_suicide(rules: &Rules) -> Result<bool, String> {
    match rules.suicide {
        Suicide::Forbidden => Ok(false),
        Suicide::MultiStone => Ok(true),
        Suicide::Allowed if rules.ko == KoRule::Positional => Ok(true),
        Suicide::Allowed => Err(format!(
            "suicide allowed (single-stone suicide is legal under ko {})",
            rules.ko
        )),
    }
}

fn tax_name(rules: &Rules) -> &'static str {
    match (rules.group_tax, rules.seki_territory) {
        (true, _) => "ALL",
        (false, SekiTerritory::NotCounted) => "SEKI",
        (false, SekiTerritory::Counted) => "NONE",
    }
}

fn bonus_name(c: Compensation) -> &'static str {
    match c {
        Compensation::None => "0",
        Compensation::NMinusOne => "N-1",
        Compensation::N => "N",
    }
}

/// Sets one of KataGo's fields (`kata-set-rule KEY VALUE`, or one key of a dictionary).
pub fn set_field(rules: &mut Rules, key: &str, value: &str) -> Result<(), String> {
    let v = value.trim().to_ascii_uppercase();
    let bad = |expected: &str| format!("{value:?} is not a value of {key} (expected {expected})");
    match key {
        "ko" => {
            rules.ko = match v.as_str() {
                "SIMPLE" => KoRule::Simple,
                "POSITIONAL" => KoRule::Positional,
                "SITUATIONAL" => KoRule::Situational,
                "SPIGHT" => return Err("ko SPIGHT has no tengen equivalent".into()),
                _ => return Err(bad("SIMPLE, POSITIONAL, SITUATIONAL")),
            };
            // KataGo voids a game on a long cycle under simple ko; keep a draw if the
            // base ruleset already rules so (Korean).
            if rules.ko == KoRule::Simple && rules.long_cycle == LongCycle::Ignore {
                rules.long_cycle = LongCycle::NoResult;
            }
        }
        "scoring" | "score" => {
            rules.scoring = match v.as_str() {
                "AREA" => Scoring::Area,
                "TERRITORY" => Scoring::Territory,
                _ => return Err(bad("AREA, TERRITORY")),
            }
        }
        "tax" => {
            let (group_tax, seki) = match v.as_str() {
                "NONE" => (false, SekiTerritory::Counted),
                "SEKI" => (false, SekiTerritory::NotCounted),
                // tengen's group tax already takes the eyes of groups in seki into account.
                "ALL" => (true, SekiTerritory::Counted),
                _ => return Err(bad("NONE, SEKI, ALL")),
            };
            rules.group_tax = group_tax;
            rules.seki_territory = seki;
        }
        "suicide" => {
            rules.suicide = match parse_bool(&v).ok_or_else(|| bad("true, false"))? {
                false => Suicide::Forbidden,
                true if rules.suicide == Suicide::Forbidden => Suicide::MultiStone,
                true => rules.suicide,
            }
        }
        "hasButton" => {
            if parse_bool(&v).ok_or_else(|| bad("true, false"))? {
                return Err("hasButton true (button Go) has no tengen equivalent".into());
            }
        }
        "whiteHandicapBonus" => {
            rules.compensation = match v.as_str() {
                "0" => Compensation::None,
                "N-1" => Compensation::NMinusOne,
                "N" => Compensation::N,
                _ => return Err(bad("0, N-1, N")),
            }
        }
        // Whether KataGo may pass before dead stones are removed: a matter of KataGo's own
        // play, not of the rules of the game, so any value is accepted.
        "friendlyPassOk" => {
            parse_bool(&v).ok_or_else(|| bad("true, false"))?;
        }
        _ => {
            return Err(format!(
                "unknown KataGo rule {key:?} (known: ko, scoring, tax, suicide, hasButton, whiteHandicapBonus, friendlyPassOk)"
            ))
        }
    }
    keep_single_stone_suicide_illegal(rules);
    Ok(())
}

/// KataGo never allows single-stone suicide. tengen's `allowed` agrees with that only
/// under positional superko, so elsewhere a KataGo `suicide: true` means `multi-stone`.
fn keep_single_stone_suicide_illegal(rules: &mut Rules) {
    if rules.suicide == Suicide::Allowed && rules.ko != KoRule::Positional {
        rules.suicide = Suicide::MultiStone;
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "TRUE" | "1" => Some(true),
        "FALSE" | "0" => Some(false),
        _ => None,
    }
}

/// The rules for `kata-set-rules ARG`: a JSON dictionary or one of KataGo's short names.
/// Komi is kept from `current` unless the dictionary sets it, as KataGo does.
pub fn parse(arg: &str, current: &Rules) -> Result<Rules, String> {
    if arg.trim_start().starts_with('{') {
        from_json(arg, current)
    } else {
        from_short_name(arg).map(|rules| Rules {
            komi: current.komi,
            ..rules
        })
    }
}

/// A dictionary's rules: fields not given keep KataGo's defaults (Tromp-Taylor-like; tax
/// SEKI with territory scoring, else NONE).
fn from_json(text: &str, current: &Rules) -> Result<Rules, String> {
    let mut rules = Rules {
        komi: current.komi,
        ..Rules::tromp_taylor()
    };
    let entries = json::parse_object(text)?;
    if !entries.iter().any(|(k, _)| k == "tax") {
        let territory = entries.iter().any(|(k, v)| {
            (k == "scoring" || k == "score")
                && matches!(v, Value::Str(s) if s.eq_ignore_ascii_case("TERRITORY"))
        });
        let tax = if territory { "SEKI" } else { "NONE" };
        set_field(&mut rules, "tax", tax)?;
    }
    for (key, value) in &entries {
        match (key.as_str(), value) {
            ("komi", Value::Num(n)) => {
                rules.komi = tengen::rules::Komi::try_from(*n).map_err(|e| e.to_string())?;
            }
            (_, Value::Str(s)) => set_field(&mut rules, key, s)?,
            (_, other) => set_field(&mut rules, key, &other.to_text())?,
        }
    }
    Ok(rules)
}

/// KataGo's short names: the tengen ruleset that is closest in everything KataGo does not
/// describe, with KataGo's own values for what it does.
fn from_short_name(name: &str) -> Result<Rules, String> {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    let (base, fields) = match key.as_str() {
        "tromptaylor" => (RulesetName::TrompTaylor, ["POSITIONAL", "AREA", "true", "NONE", "0"]),
        "chinese" => (RulesetName::Chinese, ["SIMPLE", "AREA", "false", "NONE", "N"]),
        "chineseogs" | "chinesekgs" => (RulesetName::Chinese, ["POSITIONAL", "AREA", "false", "NONE", "N"]),
        "japanese" => (RulesetName::Japanese, ["SIMPLE", "TERRITORY", "false", "SEKI", "0"]),
        "korean" => (RulesetName::Korean, ["SIMPLE", "TERRITORY", "false", "SEKI", "0"]),
        "stonescoring" | "ancientarea" => (RulesetName::Chinese, ["SIMPLE", "AREA", "false", "ALL", "0"]),
        "ancientterritory" => (RulesetName::Japanese, ["SIMPLE", "TERRITORY", "false", "ALL", "0"]),
        "aga" | "bga" | "french" => (RulesetName::Aga, ["SITUATIONAL", "AREA", "false", "NONE", "N-1"]),
        "nz" | "newzealand" => (RulesetName::NewZealand, ["SITUATIONAL", "AREA", "true", "NONE", "0"]),
        "goe" | "ing" => (RulesetName::Ing, ["POSITIONAL", "AREA", "true", "NONE", "0"]),
        "agabutton" => return Err("aga-button uses button Go, which has no tengen equivalent".into()),
        _ => return Err(format!(
            "unknown KataGo rules {name:?} (known: tromp-taylor, chinese, chinese-ogs, chinese-kgs, japanese, korean, stone-scoring, ancient-area, ancient-territory, aga, bga, french, new-zealand, goe, or a JSON dictionary)"
        )),
    };
    let mut rules = base.rules();
    for (key, value) in ["ko", "scoring", "suicide", "tax", "whiteHandicapBonus"]
        .into_iter()
        .zip(fields)
    {
        set_field(&mut rules, key, value)?;
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(n: &str) -> Rules {
        Rules::named(n).unwrap()
    }

    #[test]
    fn named_rulesets_as_katago_sees_them() {
        assert_eq!(
            to_json(&named("tromp-taylor")).unwrap(),
            r#"{"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#
        );
        assert_eq!(
            to_json(&named("japanese")).unwrap(),
            r#"{"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#
        );
        assert_eq!(
            to_json(&named("aga")).unwrap(),
            r#"{"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"}"#
        );
        let ing = to_json(&named("ing")).unwrap_err();
        assert!(ing.contains("ko cycle-sets"), "{ing}");
        let ikeda = to_json(&named("ikeda-area-1")).unwrap_err();
        assert!(
            ikeda.contains("ko capture-positional") && ikeda.contains("scoring stones"),
            "{ikeda}"
        );
    }

    #[test]
    fn short_names_follow_katago() {
        let current = named("tromp-taylor");
        let chinese = parse("chinese", &current).unwrap();
        assert_eq!(chinese.ko, KoRule::Simple);
        assert_eq!(chinese.long_cycle, LongCycle::NoResult);
        assert_eq!(chinese.komi, current.komi);
        let japanese = parse("japanese", &current).unwrap();
        assert_eq!(
            japanese,
            Rules {
                komi: current.komi,
                ..named("japanese")
            }
        );
        let nz = parse("new_zealand", &current).unwrap();
        assert_eq!(
            nz,
            Rules {
                komi: current.komi,
                ..named("new-zealand")
            }
        );
        assert_eq!(
            parse("tromp-taylor", &named("japanese")).unwrap().suicide,
            Suicide::Allowed
        );
        assert!(parse("aga-button", &current)
            .unwrap_err()
            .contains("button"));
        assert!(parse("spight", &current)
            .unwrap_err()
            .contains("unknown KataGo rules"));
    }

    #[test]
    fn dictionaries() {
        let current = named("japanese");
        let r = parse(
            r#"{"ko":"SITUATIONAL","scoring":"AREA","suicide":true}"#,
            &current,
        )
        .unwrap();
        assert_eq!(
            (r.ko, r.scoring, r.suicide),
            (KoRule::Situational, Scoring::Area, Suicide::MultiStone)
        );
        assert_eq!(r.komi, current.komi);
        let t = parse(r#"{"scoring":"TERRITORY","komi":0.5}"#, &current).unwrap();
        assert_eq!(t.seki_territory, SekiTerritory::NotCounted);
        assert_eq!(t.komi.points(), 0.5);
        assert!(parse(r#"{"ko":"SPIGHT"}"#, &current)
            .unwrap_err()
            .contains("SPIGHT"));
        assert!(parse(r#"{"hasButton":true}"#, &current)
            .unwrap_err()
            .contains("button"));
        assert!(parse(r#"{"colour":"blue"}"#, &current)
            .unwrap_err()
            .contains("unknown KataGo rule"));
        assert!(parse(r#"{"komi":0.3}"#, &current).is_err());
        assert!(parse(r#"{"ko":"#, &current)
            .unwrap_err()
            .contains("invalid JSON"));
    }

    #[test]
    fn single_fields() {
        let mut r = named("tromp-taylor");
        set_field(&mut r, "ko", "simple").unwrap();
        // Single-stone suicide would be legal under simple ko: KataGo never allows it.
        assert_eq!(r.suicide, Suicide::MultiStone);
        set_field(&mut r, "suicide", "false").unwrap();
        assert_eq!(r.suicide, Suicide::Forbidden);
        set_field(&mut r, "tax", "ALL").unwrap();
        assert!(r.group_tax);
        assert!(set_field(&mut r, "tax", "SOME").is_err());
        assert!(set_field(&mut r, "whiteHandicapBonus", "N-2").is_err());
    }
}
