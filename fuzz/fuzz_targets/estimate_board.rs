//! The dead-stone estimator and the count on arbitrary positions (any board from 2x2 to
//! 25x25, square or not, built by legal plays): neither panics, every stone called dead is
//! a stone of the position, and the count accepts the estimate under area and territory
//! rules. The server's scoring phase and GTP `final_score` run the estimator on whatever
//! position two players leave. The estimate is a function of the position: the same
//! position turned, or with its colours swapped (and the other player to move), gets the
//! same estimate turned or swapped.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::board::Cell;
use tengen::rules::Suicide;
use tengen::score::{count_with_fills, Tally};
use tengen::symmetry::{self, Symmetry};
use tengen::{Board, Color, Point, Rules, Size};
use tengen_player::estimate::{estimate, EstimateOptions};
use tengen_player::reading;

fuzz_target!(|data: &[u8]| {
    let &[w, h, flags, seed, ref plays @ ..] = data else {
        return;
    };
    let sides = tengen::point::MAX_SIDE - 1;
    let Some(size) = Size::new(2 + w % sides, 2 + h % sides) else {
        return;
    };
    let mut b = Board::new(size);
    let points: Vec<_> = b.indices().collect();
    let mut c = Color::Black;
    // Two bytes a play, so that every point of a 25x25 board can be reached.
    for pair in plays.chunks_exact(2).take(4 * points.len()) {
        let i = points[usize::from(u16::from_le_bytes([pair[0], pair[1]])) % points.len()];
        if reading::legal(&b, i, c) {
            b.play_unchecked(i, c);
        }
        c = c.opponent();
    }
    let options = EstimateOptions {
        playouts: 2 + u32::from(flags >> 4),
        seed: u64::from(seed),
        to_move: if flags & 1 == 0 {
            Color::Black
        } else {
            Color::White
        },
        suicide: [Suicide::Forbidden, Suicide::MultiStone, Suicide::Allowed]
            [(flags as usize >> 1) % 3],
        ended: flags & 8 != 0,
    };
    let e = estimate(&b, options);
    for p in &e.dead {
        assert_ne!(
            b.cell(b.idx(*p)),
            Cell::Empty,
            "{p:?} called dead holds no stone"
        );
    }
    assert_eq!(e.ownership.len(), points.len());
    for rules in [Rules::chinese(), Rules::japanese()] {
        let report = count_with_fills(&b, &e.dead, &e.fills, &Tally::default(), &rules);
        assert!(report.is_ok(), "{report:?}");
    }
    let swapped = estimate(
        &symmetry::colours_swapped(&b),
        EstimateOptions {
            to_move: options.to_move.opponent(),
            ..options
        },
    );
    assert_eq!(swapped.dead, e.dead);
    let fills: Vec<(Point, Color)> = e.fills.iter().map(|&(p, c)| (p, c.opponent())).collect();
    assert_eq!(swapped.fills, fills);
    // One orientation, chosen by the input. A position that a symmetry leaves as it is
    // may get its estimate through that symmetry (a fill on one side or its mirror
    // image): the counts are the same, and the points too when there is no such symmetry.
    let turn = Symmetry::all(size)
        .nth(usize::from(seed) % 8)
        .unwrap_or(Symmetry::IDENTITY);
    let t = turn.board(&b);
    let turned = estimate(&t, options);
    let margins = |b: &Board, e: &tengen_player::estimate::Estimate| {
        [Rules::chinese(), Rules::japanese()].map(|rules| {
            count_with_fills(b, &e.dead, &e.fills, &Tally::default(), &rules)
                .map(|r| r.black.total - r.white.total)
        })
    };
    assert_eq!(margins(&t, &turned), margins(&b, &e));
    let symmetric = Symmetry::all(size)
        .skip(1)
        .any(|s| s.board(&b).to_text() == b.to_text());
    if !symmetric {
        let mut dead: Vec<Point> = e.dead.iter().map(|&p| turn.point(size, p)).collect();
        dead.sort();
        assert_eq!(turned.dead, dead);
        let mut fills: Vec<(Point, Color)> = e
            .fills
            .iter()
            .map(|&(p, c)| (turn.point(size, p), c))
            .collect();
        let mut got = turned.fills;
        fills.sort();
        got.sort();
        assert_eq!(got, fills);
    }
});
