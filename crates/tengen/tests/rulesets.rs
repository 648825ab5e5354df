//! Rule values and named rulesets (docs/rules.md §8).

use tengen::rules::*;
use tengen::Rules;

#[test]
fn every_named_ruleset_matches_the_table_of_rules_md() {
    // name, scoring, ko, long cycle, suicide, end, pass stones, seki, dead, komi, ties, placement, compensation
    let table = [
        ("tromp-taylor", "area positional ignore allowed two-passes never counted play-out 7.5 draw free 0"),
        ("chinese", "area positional ignore forbidden two-passes never counted agree-resume 7.5 draw free n"),
        ("japanese", "territory simple no-result forbidden two-passes never not-counted agree-confirm 6.5 draw fixed 0"),
        ("korean", "territory simple draw forbidden two-passes never not-counted agree-confirm 6.5 draw fixed 0"),
        ("aga", "area situational ignore forbidden white-passes-last always counted agree-resume 7.5 draw fixed n-1"),
        ("ing", "area cycle-sets ignore multi-stone two-passes never counted agree-resume 8 black-wins free n"),
        ("new-zealand", "area situational ignore multi-stone two-passes never counted agree-resume 7 draw free 0"),
        ("wmsg", "area positional ignore forbidden two-passes never counted agree-resume-once 6.5 draw free n"),
        ("ikeda-area-1", "stones capture-positional ignore forbidden two-passes never counted play-out 0 draw free 0"),
        ("ikeda-area-2", "area capture-positional ignore forbidden two-passes never counted play-out 0 draw free 0"),
        ("ikeda-area-3", "area capture-positional ignore forbidden two-passes never counted play-out 0 draw free 0"),
        (
            "ikeda-territory-1",
            "territory capture-positional ignore forbidden preliminary-end after-preliminary-end counted play-out 0 draw free 0",
        ),
        (
            "ikeda-territory-2",
            "territory capture-positional ignore forbidden preliminary-end after-preliminary-end counted play-out 0 draw free 0",
        ),
        (
            "ikeda-territory-3",
            "territory capture-positional ignore forbidden two-passes always-except-black-final counted play-out 0 draw free 0",
        ),
    ];
    let keys = [
        "scoring",
        "ko",
        "long-cycle",
        "suicide",
        "end",
        "pass-stones",
        "seki-territory",
        "dead-stones",
        "komi",
        "ties",
        "handicap-placement",
        "handicap-compensation",
    ];
    for (name, values) in table {
        let r = Rules::named(name).unwrap();
        let got: Vec<String> = keys.iter().map(|k| r.get(k).unwrap()).collect();
        assert_eq!(got.join(" "), values, "{name}");
        assert_eq!(r.ruleset_name().unwrap().name(), name);
    }
    let stones = |n: &str| Rules::named(n).unwrap().stone_supply;
    assert_eq!(stones("ing"), Some(180));
    assert_eq!(stones("chinese"), None);
    let get = |n: &str, k: &str| Rules::named(n).unwrap().get(k).unwrap();
    assert_eq!(get("ikeda-area-3", "first-pass-adjustment"), "half-point");
    assert_eq!(get("wmsg", "first-pass-adjustment"), "one-point");
    assert_eq!(get("ikeda-territory-2", "immortal-territory-only"), "yes");
    assert_eq!(get("ikeda-territory-1", "immortal-territory-only"), "no");
}

#[test]
fn sgf_ru_names_and_other_spellings() {
    let cases = [
        ("Japanese", RulesetName::Japanese),
        ("Chinese", RulesetName::Chinese),
        ("Korean", RulesetName::Korean),
        ("AGA", RulesetName::Aga),
        ("GOE", RulesetName::Ing),
        ("NZ", RulesetName::NewZealand),
        ("Tromp-Taylor", RulesetName::TrompTaylor),
        ("TT", RulesetName::TrompTaylor),
        ("tromp_taylor", RulesetName::TrompTaylor),
        ("New Zealand", RulesetName::NewZealand),
        ("IKEDA-TERRITORY-3", RulesetName::IkedaTerritory3),
        ("WMSG", RulesetName::Wmsg),
    ];
    for (s, r) in cases {
        assert_eq!(RulesetName::parse(s), Some(r), "{s}");
    }
    for r in RulesetName::ALL {
        assert_eq!(
            RulesetName::parse(r.sgf_name()),
            Some(r),
            "round trip of {}",
            r.sgf_name()
        );
        assert_eq!(RulesetName::parse(&r.to_string()), Some(r));
    }
    // Unknown names are reported, never guessed.
    let err = Rules::named("japanse").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("unknown ruleset \"japanse\" (known: tromp-taylor, chinese"),
        "{err}"
    );
}

#[test]
fn every_value_can_be_overridden_and_read_back() {
    let mut r = Rules::named("japanese").unwrap();
    r.set("ko", "natural-situational").unwrap();
    r.set("long-cycle", "ignore").unwrap();
    r.set("suicide", "multi-stone").unwrap();
    r.set("komi", "-3.5").unwrap();
    r.set("stone-supply", "150").unwrap();
    r.set("group-tax", "yes").unwrap();
    assert_eq!(r.ko, KoRule::NaturalSituational);
    assert_eq!(r.long_cycle, LongCycle::Ignore);
    assert_eq!(r.suicide, Suicide::MultiStone);
    assert_eq!(r.komi, Komi::from_halves(-7).unwrap());
    assert_eq!(r.get("komi").unwrap(), "-3.5");
    assert_eq!(r.stone_supply, Some(150));
    assert!(r.group_tax);
    assert_eq!(r.ruleset_name(), None);
    assert_eq!(
        r.differences(&Rules::named("japanese").unwrap()),
        vec![
            "ko",
            "long-cycle",
            "suicide",
            "group-tax",
            "komi",
            "stone-supply"
        ]
    );
    // Every value of every enum key round-trips through its name.
    let mut r = Rules::tromp_taylor();
    for k in Rules::KEYS {
        let v = r.get(k).unwrap();
        r.set(k, &v).unwrap();
        assert_eq!(r.get(k).unwrap(), v);
    }
    for v in KoRule::ALL {
        r.set("ko", v.name()).unwrap();
        assert_eq!(r.ko, *v);
    }
    for v in PassStones::ALL {
        r.set("pass-stones", v.name()).unwrap();
        assert_eq!(r.pass_stones, *v);
    }
    // Bad keys and values say what is expected.
    assert_eq!(
        r.set("ko", "super").unwrap_err().to_string(),
        "\"super\" is not a value of ko (expected simple, positional, situational, natural-situational, capture-positional, cycle-sets)"
    );
    assert!(r
        .set("komi", "6.3")
        .unwrap_err()
        .to_string()
        .contains("multiple of 0.5"));
    assert!(r
        .set("colour", "red")
        .unwrap_err()
        .to_string()
        .starts_with("unknown rule \"colour\""));
}

#[test]
fn rules_print_as_key_value_lines() {
    let text = Rules::named("aga").unwrap().to_string();
    assert!(
        text.starts_with("ruleset: aga\nscoring: area\nko: situational\n"),
        "{text}"
    );
    assert!(text.contains("end: white-passes-last\n"));
    assert!(text.contains("handicap-compensation: n-1\n"));
}
