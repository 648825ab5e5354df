//! Inputs the fuzzer (`fuzz/`, target `sgf_read`) found wrong, kept so that they stay
//! fixed, and hostile nesting. Each goes through what the fuzz target checks: reading
//! never panics, every tree replays, and the text written back parses to the same
//! collection with no diagnostic.

use tengen_sgf::{parse, read_bytes, replay, write, ReadOptions};

/// What the fuzz target asserts, for one input.
fn survives(input: &[u8]) -> tengen_sgf::ReadFile {
    let read = read_bytes(input);
    for tree in &read.collection.trees {
        let _ = replay(tree, &ReadOptions::default());
    }
    let text = write(&read.collection);
    if read.collection.trees.is_empty() {
        assert!(text.is_empty());
        return read;
    }
    let again = parse(&text);
    assert!(
        again.diagnostics.is_empty(),
        "the written text has problems: {:?}\n{text}",
        again.diagnostics
    );
    assert_eq!(again.collection, read.collection, "round trip\n{text}");
    read
}

/// Found after a few seconds: parentheses around a variation with no node between
/// (`(;GM[1]((;B[aa])))`) were kept as a nodeless tree, which the writer wrote back as
/// it was, and which no SGF reader accepts cleanly. Now the variations take its place.
#[test]
fn parentheses_around_variations_without_a_node() {
    let read = survives(b"(;GM[1]\n(\n(;EV[x]\n;B[qd];W[cq])))");
    let tree = &read.collection.trees[0];
    assert_eq!(tree.variations.len(), 1);
    assert_eq!(tree.variations[0].nodes.len(), 3);
    assert!(read.diagnostics[0]
        .message
        .contains("the variations are read in its place"));
    // Around whole games: the games.
    let read = survives(b"((;GM[1];B[aa])(;GM[1];B[bb]))");
    assert_eq!(read.collection.trees.len(), 2);
    survives(b"(((;B[aa](;W[bb])((;W[cc])(;W[dd])))))");
}

/// Deep nesting never overflows the stack: the parser stops at 10,000 levels and every
/// later step (replay, write, compare, drop) copes with a tree that deep.
#[test]
fn deep_nesting() {
    let n = 100_000;
    let mut deep = "(;B[aa]".repeat(n).into_bytes();
    deep.extend(std::iter::repeat_n(b')', n));
    let read = read_bytes(&deep);
    assert!(read.diagnostics[0]
        .message
        .contains("nested more than 10000"));
    let _ = replay(&read.collection.trees[0], &ReadOptions::default());
    let again = parse(&write(&read.collection));
    assert_eq!(again.collection, read.collection);
    // Only parentheses: nothing to read, and no stack overflow either.
    let parens = "(".repeat(n);
    assert!(read_bytes(parens.as_bytes()).collection.trees.is_empty());
    let mut wrapped = "(".repeat(n);
    wrapped.push_str(";B[aa]");
    wrapped.push_str(&")".repeat(n));
    survives(wrapped.as_bytes());
}

/// Found by the fuzzer (second run, after 80 s; and by hand while it ran): a file cut
/// off just after a backslash in a value kept the backslash, which then escaped the `]`
/// written after it. Now a backslash that escapes nothing is dropped.
#[test]
fn a_value_cut_off_after_a_backslash() {
    // The fuzzer's input as it found it.
    assert_eq!(FOUND_CUT_OFF_BACKSLASH.len(), 1205);
    assert!(FOUND_CUT_OFF_BACKSLASH.ends_with(b"\\"));
    survives(FOUND_CUT_OFF_BACKSLASH);
    // The same, reduced by hand.
    let read = survives(b"(;C[abc\\");
    assert_eq!(read.collection.trees[0].nodes[0].raw("C"), Some("abc"));
    survives(b"(;C[abc\\\\");
    survives("(;C[é\\".as_bytes());
    survives(b"(;C[\\");
}

/// Hostile setup: the same big rectangle over and over, in the root and in later nodes.
/// Each value costs only its points (it once cost its points times the stones placed).
#[test]
fn repeated_setup_rectangles() {
    let mut text = String::from("(;SZ[19]AB");
    text.push_str(&"[aa:ss]".repeat(2_000));
    text.push_str(";AE");
    text.push_str(&"[aa:ss]".repeat(2_000));
    text.push_str(";B[dd])");
    let read = survives(text.as_bytes());
    let r = replay(&read.collection.trees[0], &ReadOptions::default());
    // A full board of black stones has no liberty: that setup is refused; the second
    // empties the board, and the game goes on.
    assert!(r.problems[0].kind.to_string().contains("without liberty"));
    assert_eq!(r.moves, 1);
    assert_eq!(r.game.board().stones_on_board(tengen::Color::Black), 1);
}

/// The fuzzer's input for [`a_value_cut_off_after_a_backslash`].
const FOUND_CUT_OFF_BACKSLASH: &[u8] =
    b"(;GM[1]CA[Stifh_JI\\]\x03PB[\x96{]SZ[25:1]CA[Stifh_JIPB[\x96{]SZ[25:13];AddBlack[ab]W(\n\
    ;\nRE[W+5]\nPB[Has`himoto Ut*aW[gp];B[dq];Wh[ep];\x97\x97\x97\x97\x97\x97\x97\x97\x97\
    \x97\xff\x97\x97\x97\x97\x97\x97\x97]\nDT[(;GM[1]4[9]KM[1]RU[Ch\x01\x11d];W[ff](;B[gg]TB\
    [h[]W[tt]{]SZ[9]KM[1]RU[Ch\x01\x11[1]4[9]KM[1]RU[C(\n;\nBL[B[lk]\n;W[kn];B[jm];W[in];B[l\
    n];W[mm];B[no];W[hn];B[jl];W[gq]B[rk];W[ql];B[qh];W[ph];B[qg]\n;W[pg];B[rf];W[ok];B[gl];\
    W[gj];B[ik];W[gh];B[hi];W[ff];B[md]\n;W[h\x01\x11\x00\x00inese]AB[`a][gc:dd]AW[ee]PL[W]C\
    [a\\]b\\\\c\\\nd];W[ffc\\\nBa\\]b\\\\c\\\nd];W[ffc\\\nBLd];W[ff](;B[gg]TB[h[]W[tt]{]SZ[\
    \x1c9]KM[1]RU[Ch\x01\x11\x00\x00inese]AB[aa][gc:dd]AW[ee]PL[W]C[a\\]b\\\\;GM[1]4[9]KM[j]\
    ;W1]RU[Ch\x01\x11\x00\x00c\\\nBLd];W[ff](;B[gg]TB[h[]W[tt]{]SZ[9]KM[1]RU[C1\x01\x11[1]4[\
    9]KM[1]RU[Ch\x01\x11\x00\x00inese]AB[`a][gc:dd]AW[ee]PL[W]C[a\\]b\\\\c\\\nd];W[ffc\\\nBL\
    d];W[ff](;B[gg]TB[h[]W[tt]{]SZ[9]KM[1]RU[Cheg];B[mf];W[mh];B[nk];W[rl];B[rj];W[ro];B[rp]\
    ;W[nj];B[ni]\n;W[mi];B[mj];W[oj];B[gc];W[df];B[dj];W[pc];B[pd];W[qc];B[ob]\n;W[re];B[qe]\
    ;W[rd];B[se];W[pe];B[pf];W[pp];B[qq];W[qf];B[od]\n;W[jc];B[id];W[jd];B[je];W[ke];B[kf];W\
    [ib];B[hb];W[rg];B[pf]\n;W\x01\x11\x00\x00inese]AB[aaZ[gc:dd]A\xa9\xa1ee]PL[W]inese]AB[a\
    a][gc:dd]AW[ee]PL[[ie];B[jf];W[qf];B[sf];W[sd];B[pf];W[hd];B[oe];W[hc];B[nh]\n;W[ng];B[m\
    g];W[oh];B[nf];W[oi];B[nh];W[og];B[snW]C[a\\]b\\\xa4\x00\x00]C[\x00\x00158 movecso mpl\
    \x00\x00\x00[ffcete\\";
