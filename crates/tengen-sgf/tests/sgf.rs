//! SGF reading, writing and records to games.

use tengen::rules::{KoRule, RulesetName};
use tengen::{Color, Game, Illegal, Move, Point, Rules, Size};
use tengen_sgf::{parse, read_bytes, replay, value, write, ProblemKind, ReadOptions, Severity};

fn root_of(text: &str) -> tengen_sgf::Node {
    let p = parse(text);
    p.collection.trees[0].nodes[0].clone()
}

#[test]
fn every_value_type() {
    let n = root_of("(;GM[1]FF[4]SZ[19]KM[6.5]HA[2]PL[W]C[a\\]b \\\\ c\\\nd\nline]N[simple\ntext]AB[aa][cc:dd]AP[tengen:0.1]LB[dd:one]KO[]DM[2])");
    assert_eq!(value::number(n.raw("SZ").unwrap()), Some(19));
    assert_eq!(value::real(n.raw("KM").unwrap()), Some(6.5));
    assert_eq!(value::color(n.raw("PL").unwrap()), Some(Color::White));
    // Text: escapes and soft line breaks removed, hard line breaks kept.
    assert_eq!(n.text("C").unwrap(), "a]b \\ cd\nline");
    // SimpleText: line breaks become spaces.
    assert_eq!(value::unescape_simple(n.raw("N").unwrap()), "simple text");
    // Point lists, compressed rectangles included.
    let ab = n.get("AB").unwrap();
    let pts = value::points(
        ab.values.iter().map(|v| v.as_str()),
        Size::square(19).unwrap(),
    )
    .unwrap();
    assert_eq!(
        pts,
        vec![
            Point::new(0, 0),
            Point::new(2, 2),
            Point::new(3, 2),
            Point::new(2, 3),
            Point::new(3, 3)
        ]
    );
    // Composed values and empty values are kept as written.
    assert_eq!(n.raw("AP"), Some("tengen:0.1"));
    assert_eq!(n.raw("LB"), Some("dd:one"));
    assert_eq!(n.raw("KO"), Some(""));
    assert_eq!(value::real(n.raw("DM").unwrap()), Some(2.0));
    assert_eq!(value::size("19:13"), Some((19, 13)));
}

#[test]
fn damaged_files_are_read_with_located_warnings() {
    // KM[5.], stray text between nodes, missing FF, lower-case long names, a missing ")".
    let text = "(;GM[1]KM[5.]SZ[9]\n;B[ee] junk here ;White[dc];AddBlack[aa]Comment[x]\n;b[cc]";
    let p = parse(text);
    let t = &p.collection.trees[0];
    assert_eq!(value::real(t.nodes[0].raw("KM").unwrap()), Some(5.0));
    assert_eq!(t.nodes[2].raw("W"), Some("dc"));
    assert_eq!(t.nodes[3].raw("AB"), Some("aa"));
    assert_eq!(t.nodes[3].raw("C"), Some("x"));
    assert_eq!(t.nodes[4].raw("B"), Some("cc"));
    let msgs: Vec<String> = p.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        msgs,
        vec![
            "2:8: warning: stray text \"junk\" ignored (no value follows)",
            "2:13: warning: stray text \"here\" ignored (no value follows)",
            "1:1: warning: game tree not closed: \")\" added at the end"
        ]
    );
    // An unterminated value is an error at the place it opened.
    let p = parse("(;GM[1]\n;B[ee];C[unfinished");
    assert_eq!(p.diagnostics[0].severity, Severity::Error);
    assert_eq!((p.diagnostics[0].line, p.diagnostics[0].column), (2, 9));
    assert_eq!(p.collection.trees[0].nodes[2].raw("C"), Some("unfinished"));
    // Nothing at all.
    let p = parse("hello");
    assert!(p.collection.trees.is_empty());
    assert_eq!(
        p.diagnostics[0].message,
        "no game tree found: an SGF file starts with \"(;\""
    );
    // A value without an identifier, an identifier without a value.
    let p = parse("(;[x]GM[1]FOO;B[aa])");
    assert_eq!(p.diagnostics.len(), 2);
    assert_eq!(p.collection.trees[0].nodes[1].raw("B"), Some("aa"));
}

#[test]
fn collections_and_variations() {
    let text = "(;GM[1]SZ[9];B[ee](;W[dc];B[cc])(;W[cd](;B[dd])(;B[de])))(;GM[1]SZ[13];B[gg])";
    let p = parse(text);
    assert!(p.diagnostics.is_empty());
    assert_eq!(p.collection.trees.len(), 2);
    let t = &p.collection.trees[0];
    let line = |c: &[usize]| {
        t.line(c)
            .iter()
            .skip(1)
            .map(|n| n.props[0].raw().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(line(&[]), "ee dc cc");
    assert_eq!(line(&[1]), "ee cd dd");
    assert_eq!(line(&[1, 1]), "ee cd de");
    assert_eq!(t.node_count(), 7);
    assert_eq!(
        replay(&p.collection.trees[1], &Default::default())
            .game
            .size(),
        Size::square(13).unwrap()
    );
    // Written and read back: equal.
    assert_eq!(parse(&write(&p.collection)).collection, p.collection);
}

#[test]
fn character_sets() {
    let enc = |e: &'static encoding_rs::Encoding, s: &str| e.encode(s).0.into_owned();
    let cases: [(&str, &'static encoding_rs::Encoding, &str); 5] = [
        ("ISO-8859-1", encoding_rs::WINDOWS_1252, "Müller é"),
        ("GB2312", encoding_rs::GB18030, "围棋 吴清源"),
        ("GBK", encoding_rs::GB18030, "聶衛平"),
        ("Shift_JIS", encoding_rs::SHIFT_JIS, "本因坊秀策 ソ表"), // ソ and 表 end in byte 0x5C, a backslash
        ("EUC-KR", encoding_rs::EUC_KR, "바둑 이창호"),
    ];
    for (label, e, name) in cases {
        let mut bytes = format!("(;GM[1]CA[{label}]PB[").into_bytes();
        bytes.extend(enc(e, name));
        bytes.extend(b"];B[aa])");
        let r = read_bytes(&bytes);
        assert!(r.diagnostics.is_empty(), "{label}: {:?}", r.diagnostics);
        assert_eq!(
            r.collection.trees[0].nodes[0].text("PB").as_deref(),
            Some(name),
            "{label}"
        );
    }
    // UTF-8 by default; Latin-1 when it is not UTF-8 and says nothing.
    let r = read_bytes("(;PB[李昌鎬])".as_bytes());
    assert_eq!(
        (
            r.charset,
            r.collection.trees[0].nodes[0].text("PB").unwrap().as_str()
        ),
        ("UTF-8", "李昌鎬")
    );
    let r = read_bytes(b"(;PB[M\xfcller])");
    assert_eq!(r.collection.trees[0].nodes[0].text("PB").unwrap(), "Müller");
    assert!(r.diagnostics[0].message.contains("read as Latin-1"));
    let r = read_bytes(b"(;CA[klingon]PB[x])");
    assert!(r.diagnostics[0]
        .message
        .contains("unknown character set CA[klingon]"));
}

#[test]
fn rules_from_ru() {
    let ko = |ru: &str| {
        replay(
            &parse(&format!("(;GM[1]RU[{ru}];B[aa])")).collection.trees[0],
            &Default::default(),
        )
    };
    assert_eq!(ko("Japanese").game.rules().ko, KoRule::Simple);
    assert_eq!(ko("Chinese").game.rules().ko, KoRule::Positional);
    assert_eq!(ko("AGA").game.rules().ko, KoRule::Situational);
    assert_eq!(ko("GOE").game.rules().ko, KoRule::CycleSets);
    assert_eq!(ko("NZ").game.rules().ko, KoRule::Situational);
    assert_eq!(ko("TT").game.rules().ko, KoRule::Positional);
    assert_eq!(
        ko("Japanese (ko=natural-situational, long-cycle=ignore)")
            .game
            .rules()
            .ko,
        KoRule::NaturalSituational
    );
    let unknown = ko("Martian");
    assert_eq!(
        unknown.problems[0].kind,
        ProblemKind::UnknownRules("Martian".into())
    );
    assert_eq!(
        unknown.game.rules().ruleset_name(),
        Some(RulesetName::Japanese)
    );
    // The caller's rules decide an unknown name, and override a known one when forced.
    let chinese = Rules::named("chinese").unwrap();
    let opts = ReadOptions {
        rules: Some(chinese.clone()),
        ..Default::default()
    };
    let r = replay(
        &parse("(;RU[Martian]KM[7.5];B[aa])").collection.trees[0],
        &opts,
    );
    assert_eq!(r.game.rules(), &chinese);
    let opts = ReadOptions {
        rules: Some(chinese.clone()),
        force_rules: true,
        ..Default::default()
    };
    let r = replay(
        &parse("(;RU[Japanese]KM[7.5];B[aa])").collection.trees[0],
        &opts,
    );
    assert_eq!(r.game.rules().ko, KoRule::Positional);
    // KM sets the komi.
    let r = replay(
        &parse("(;RU[Japanese]KM[0.5];B[aa])").collection.trees[0],
        &Default::default(),
    );
    assert_eq!(r.game.rules().komi.to_string(), "0.5");
    // Rules that are no named ruleset are written as the nearest with overrides.
    let mut r = Rules::named("japanese").unwrap();
    r.set("ko", "positional").unwrap();
    r.set("komi", "0").unwrap();
    let text = tengen_sgf::ruleset_text(&r);
    assert_eq!(text, "Japanese (ko=positional)");
    let mut back = tengen_sgf::parse_ruleset_text(&text).unwrap();
    back.komi = r.komi;
    assert_eq!(back, r);
}

#[test]
fn illegal_moves_are_reported_with_place_and_rule() {
    // Moves 1-9 make a ko; move 10 retakes it at once under Japanese rules.
    let text = "(;GM[1]SZ[5]RU[Japanese]\n;B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[];W[bc];B[cc]\n;W[bc];B[ee])";
    let p = parse(text);
    let r = replay(&p.collection.trees[0], &Default::default());
    assert_eq!(r.moves, 11);
    assert_eq!(r.problems.len(), 1);
    let ProblemKind::IllegalMove {
        number,
        color,
        mv,
        why,
        ..
    } = &r.problems[0].kind
    else {
        panic!()
    };
    assert_eq!((*number, *color), (10, Color::White));
    assert_eq!(*mv, Move::Play(Point::new(1, 2)));
    assert!(matches!(why, Illegal::Ko { .. }));
    let index = tengen_sgf::LineIndex::new(text);
    assert_eq!(index.locate(text, r.problems[0].offset), (3, 2));
    assert_eq!(
        r.problems[0].kind.to_string(),
        "illegal move 10: W B3 [bc]: ko: this play would retake the ko taken at move 9 at once (recreating the position after move 8)"
    );
    // The record is read on: Black's E1 is there.
    assert_eq!(r.game.board().get(Point::new(4, 4)), Some(Color::Black));
    // Under Chinese rules the same retake is positional superko.
    let opts = ReadOptions {
        rules: Some(Rules::named("chinese").unwrap()),
        force_rules: true,
        ..Default::default()
    };
    let r = replay(&p.collection.trees[0], &opts);
    assert!(r.problems[0]
        .kind
        .to_string()
        .contains("positional superko"));
}

#[test]
fn setup_handicap_and_turn() {
    let r = replay(
        &parse("(;GM[1]SZ[9]HA[2]AB[cg][gc];W[ee])").collection.trees[0],
        &Default::default(),
    );
    assert_eq!(r.game.start_board().stones_on_board(Color::Black), 2);
    assert_eq!(r.game.positions().to_move(0), Some(Color::White));
    assert!(r.problems.is_empty());
    let r = replay(
        &parse("(;GM[1]SZ[9]AB[aa]AW[ba][ab]PL[B];B[ee])")
            .collection
            .trees[0],
        &Default::default(),
    );
    assert!(matches!(&r.problems[0].kind, ProblemKind::Setup(m) if m.contains("without liberty")));
    // Setup in mid-game is an oddity; the game goes on from the new position.
    let r = replay(
        &parse("(;GM[1]SZ[9];B[ee];AW[aa];W[dd])").collection.trees[0],
        &Default::default(),
    );
    assert!(matches!(&r.problems[0].kind, ProblemKind::Setup(m) if m.contains("mid-game")));
    assert_eq!(r.game.board().get(Point::new(0, 0)), Some(Color::White));
    // Bad values are reported and skipped.
    let r = replay(
        &parse("(;GM[1]SZ[abc]KM[x];B[zz];W[dd])").collection.trees[0],
        &Default::default(),
    );
    let msgs: Vec<String> = r.problems.iter().map(|p| p.kind.to_string()).collect();
    assert_eq!(
        msgs,
        vec![
            "bad value SZ[abc] ignored",
            "bad value KM[x] ignored",
            "bad value B[zz] ignored"
        ]
    );
}

#[test]
fn generated_records_round_trip() {
    let mut rng = tengen::Rng::new(0x5eed);
    for k in 0..40 {
        let name = RulesetName::ALL[k % RulesetName::ALL.len()];
        let size = [
            Size::square(9).unwrap(),
            Size::square(19).unwrap(),
            Size::new(7, 5).unwrap(),
            Size::square(25).unwrap(),
        ][k % 4];
        let mut g = Game::new(size, name.rules());
        if k % 3 == 0 && size.width() == size.height() && size.width() >= 9 {
            g.set_fixed_handicap(2 + (k % 3) as u8).unwrap();
        }
        for _ in 0..(20 + rng.below(if size.width() > 19 { 30 } else { 100 })) {
            if g.is_over() {
                break;
            }
            let moves = g.legal_moves();
            g.play(moves[rng.index(moves.len())]).unwrap();
        }
        let info = tengen_sgf::RecordInfo {
            black: Some("黒 \\ ] x".into()),
            white: Some("W".into()),
            ..Default::default()
        };
        let mut tree = tengen_sgf::record(&g, &info);
        // A comment with every character that needs escaping, and a variation.
        tree.nodes[1].set("C", "a ] b \\ c\nd");
        tree.nodes[1].set("XX", "unknown property");
        let mut var = tree.clone();
        var.nodes.drain(..2);
        tree.variations = vec![var.clone(), var];
        let split = tree.nodes.len() - (tree.nodes.len() - 2);
        tree.nodes.truncate(split);
        let coll = tengen_sgf::Collection { trees: vec![tree] };
        let text = write(&coll);
        let back = read_bytes(text.as_bytes());
        assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
        assert_eq!(back.collection, coll);
        assert_eq!(
            back.collection.trees[0].nodes[1].text("C").unwrap(),
            "a ] b \\ c\nd"
        );
        assert_eq!(
            back.collection.trees[0].nodes[0].text("PB").unwrap(),
            "黒 \\ ] x"
        );
        // The record replays to the same game.
        let r = replay(&back.collection.trees[0], &Default::default());
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.game.board(), g.board(), "{name}");
        assert_eq!(r.game.rules(), g.rules());
        assert_eq!(r.game.moves(), g.moves());
    }
}

/// Files without `CA` that are not UTF-8, as old Chinese, Japanese and European programs
/// wrote them: the character set is guessed from the bytes (chardetng) and the text reads
/// right. Each record is written here in Unicode and encoded in its legacy character set;
/// what it must read back as is that Unicode text.
#[test]
fn legacy_character_sets_without_ca_are_detected() {
    let cases: [(&'static encoding_rs::Encoding, &str, &str, &str, &str); 3] = [
        (
            encoding_rs::GBK, // GB2312 is GBK's subset; encoding_rs writes it as GBK
            "GBK",
            "聂卫平",
            "马晓春",
            "第一届中日围棋擂台赛。黑棋中盘胜，白棋在右下角的劫争中失利。",
        ),
        (
            encoding_rs::SHIFT_JIS,
            "Shift_JIS",
            "本因坊秀策",
            "井上幻庵因碩",
            "耳赤の一局。黒の妙手で形勢が逆転した。白は左辺で大きく損をした。",
        ),
        (
            encoding_rs::WINDOWS_1252,
            "windows-1252",
            "Jürgen Müller",
            "François Lefèvre",
            "Championnat d'Europe à Köln : très belle partie, Noir gagne après un ko décisif.",
        ),
    ];
    for (encoding, charset, black, white, comment) in cases {
        let text = format!(
            "(;GM[1]FF[3]SZ[19]PB[{black}]PW[{white}]KM[5.5]RE[B+R]C[{comment}];B[pd];W[dp])"
        );
        let (bytes, _, unmappable) = encoding.encode(&text);
        assert!(
            !unmappable,
            "{charset}: the test text fits the character set"
        );
        assert!(std::str::from_utf8(&bytes).is_err(), "{charset}: not UTF-8");
        let r = read_bytes(&bytes);
        assert_eq!(r.charset, charset);
        let root = &r.collection.trees[0].nodes[0];
        assert_eq!(root.text("PB").as_deref(), Some(black), "{charset}");
        assert_eq!(root.text("PW").as_deref(), Some(white), "{charset}");
        assert_eq!(root.text("C").as_deref(), Some(comment), "{charset}");
        assert!(
            r.diagnostics[0].message.contains("(guessed)"),
            "{charset}: {:?}",
            r.diagnostics
        );
    }
}

/// `RU` as programs write it, each read as the named ruleset with no problem reported. The
/// spellings come from the programs' own writers: GNU Go 3.8 (`printsgf`, run here:
/// `Japanese`, or `Chinese` with --chinese-rules), CGOS's servers (`Chinese`) and its Python
/// client (`NZ`), Badank (`Tromp/Taylor`), KataGo's `RU` writer (`TrompTaylor`,
/// `Chinese-OGS`, `AGA`, `StoneScoring`, `NewZealand`...), KGS and OGS (`Japanese`,
/// `Chinese`, `AGA`, `New Zealand`, OGS also lower case), Fox (`Japanese`, `Chinese`).
#[test]
fn ru_as_programs_write_it() {
    for (ru, name) in [
        ("Japanese", RulesetName::Japanese),
        ("japanese", RulesetName::Japanese),
        ("Chinese", RulesetName::Chinese),
        ("Chinese-OGS", RulesetName::Chinese),
        ("Chinese-KGS", RulesetName::Chinese),
        ("Tromp/Taylor", RulesetName::TrompTaylor),
        ("TrompTaylor", RulesetName::TrompTaylor),
        ("Tromp-Taylor", RulesetName::TrompTaylor),
        ("AGA", RulesetName::Aga),
        ("NZ", RulesetName::NewZealand),
        ("NewZealand", RulesetName::NewZealand),
        ("New Zealand", RulesetName::NewZealand),
        ("StoneScoring", RulesetName::IkedaArea1),
        ("Korean", RulesetName::Korean),
    ] {
        let r = replay(
            &parse(&format!("(;GM[1]RU[{ru}];B[aa])")).collection.trees[0],
            &Default::default(),
        );
        assert!(r.problems.is_empty(), "{ru}: {:?}", r.problems);
        assert_eq!(r.game.rules().ruleset_name(), Some(name), "{ru}");
    }
    // Other texts are still reported as unknown: KataGo's rule strings for rules without a
    // name are not names.
    let r = replay(
        &parse("(;GM[1]RU[koPOSITIONALscoreAREAtaxALLsui1];B[aa])")
            .collection
            .trees[0],
        &Default::default(),
    );
    assert!(matches!(r.problems[0].kind, ProblemKind::UnknownRules(_)));
}
