//! Light random playouts (simple ko) and playouts with positional superko, on 9x9 and
//! 19x19, from the empty board: one playout per iteration.
//!
//! `cargo bench -p tengen-player --bench playout -- --warm-up-time 1 --measurement-time 3`
#![forbid(unsafe_code)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tengen::{Board, Color, Size};
use tengen_player::playout::Playouts;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for n in [9u8, 19] {
        let start = Board::new(Size::square(n).unwrap());
        group.bench_with_input(
            BenchmarkId::new("light", format!("{n}x{n}")),
            &start,
            |b, start| {
                let mut p = Playouts::new(1);
                b.iter(|| black_box(p.light(black_box(start), Color::Black)));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("psk", format!("{n}x{n}")),
            &start,
            |b, start| {
                let mut p = Playouts::new(1);
                b.iter(|| black_box(p.superko(black_box(start), Color::Black)));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
