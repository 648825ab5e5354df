//! Life and death without reading, for Python: what `tengen::life` finds (unconditional
//! life by Benson's algorithm, unconditional status and territory as GTP
//! `unconditional_status` answers it, seki among chains taken as alive, groups and their
//! eyes), under the game's suicide rule.

use crate::arrays;
use crate::convert::{self, color_name, point_vertex};
use numpy::PyArray2;
use pyo3::prelude::*;
use tengen::grid::Grid;
use tengen::life::Status;
use tengen::rules::Suicide;
use tengen::{Board, Color, Point, Size};

/// A group for Python: its colour, its stones and its eyes, as vertices.
type GroupView = (&'static str, Vec<String>, Vec<Vec<String>>);

/// What `tengen::life` finds on a board without reading, under a suicide rule.
#[pyclass(module = "tengen", frozen)]
pub struct Life {
    /// Black's unconditionally alive stones (Benson), as vertices.
    #[pyo3(get)]
    black_alive: Vec<String>,
    /// White's unconditionally alive stones (Benson), as vertices.
    #[pyo3(get)]
    white_alive: Vec<String>,
    /// The points Black's alive chains make safe (empty points, and White stones there,
    /// which are dead).
    #[pyo3(get)]
    black_safe: Vec<String>,
    /// The points White's alive chains make safe.
    #[pyo3(get)]
    white_safe: Vec<String>,
    /// Stones in seki with every stone on the board taken as alive.
    #[pyo3(get)]
    seki: Vec<String>,
    /// The groups of both colours (chains joined through the regions they border, as
    /// group tax counts them): `(colour, stones, eyes)`, each eye a list of vertices.
    #[pyo3(get)]
    groups: Vec<GroupView>,
    /// Each point's unconditional status, row by row.
    status: Vec<Status>,
    /// Each point's stone, row by row.
    cells: Vec<Option<Color>>,
    alive: Vec<i8>,
    size: Size,
}

impl Life {
    /// What `tengen::life` finds on `board` under the suicide rule `suicide`.
    pub fn of(board: &Board, suicide: Suicide) -> Life {
        let size = board.size();
        let grid = Grid::from_board(board);
        let black = tengen::life::unconditional(&grid, Color::Black, suicide);
        let white = tengen::life::unconditional(&grid, Color::White, suicide);
        let vertices = |ps: &[Point]| ps.iter().map(|&p| point_vertex(p, size)).collect();
        let w = size.width() as usize;
        let mut alive = vec![0i8; size.points()];
        for (ps, v) in [(&black.alive, 1), (&white.alive, -1)] {
            for p in ps {
                alive[p.y as usize * w + p.x as usize] = v;
            }
        }
        Life {
            black_alive: vertices(&black.alive),
            white_alive: vertices(&white.alive),
            black_safe: vertices(&black.safe),
            white_safe: vertices(&white.safe),
            seki: vertices(&tengen::life::seki(&grid)),
            groups: tengen::life::groups(&grid)
                .iter()
                .map(|g| {
                    let eyes = g.eyes.iter().map(|e| vertices(e)).collect();
                    (color_name(g.color), vertices(&g.stones), eyes)
                })
                .collect(),
            status: tengen::life::unconditional_status(&grid, suicide),
            cells: grid.cells().to_vec(),
            alive,
            size,
        }
    }

    /// The points whose status is `wanted`, as vertices in board order.
    fn with_status(&self, wanted: Status) -> Vec<String> {
        self.size
            .all_points()
            .zip(&self.status)
            .filter(|(_, s)| **s == wanted)
            .map(|(p, _)| point_vertex(p, self.size))
            .collect()
    }
}

#[pymethods]
impl Life {
    /// The unconditionally alive stones (Benson) as an int8 array of shape (height,
    /// width): 1 a black stone alive, -1 a white one, 0 otherwise.
    #[getter]
    fn alive<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        arrays::grid(py, &self.alive, self.size)
    }

    /// The unconditional status of a point, as GTP `unconditional_status` answers it:
    /// `"alive"`, `"dead"`, `"black_territory"`, `"white_territory"` or `"undecided"`.
    fn status(&self, point: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let p = convert::point(point, self.size)?;
        let k = p.y as usize * self.size.width() as usize + p.x as usize;
        Ok(self.status[k].gtp_name())
    }

    /// Stones that can never escape capture (on the opponent's unconditional territory),
    /// as vertices.
    #[getter]
    fn dead(&self) -> Vec<String> {
        self.with_status(Status::Dead)
    }

    /// Black's unconditional territory (empty points), as vertices.
    #[getter]
    fn black_territory(&self) -> Vec<String> {
        self.with_status(Status::Territory(Color::Black))
    }

    /// White's unconditional territory (empty points), as vertices.
    #[getter]
    fn white_territory(&self) -> Vec<String> {
        self.with_status(Status::Territory(Color::White))
    }

    /// Unconditional status as an int8 array of shape (height, width), from Black's side:
    /// 1 a black stone alive or a point of Black's territory or a white stone dead there;
    /// -1 the same for White; 0 undecided.
    #[getter]
    fn owner<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let values: Vec<i8> = self
            .status
            .iter()
            .zip(&self.cells)
            .map(|(s, &stone)| match s {
                Status::Territory(c) => arrays::color_value(Some(*c)),
                Status::Alive => arrays::color_value(stone),
                Status::Dead => -arrays::color_value(stone),
                Status::Undecided => 0,
            })
            .collect();
        arrays::grid(py, &values, self.size)
    }

    fn __repr__(&self) -> String {
        format!(
            "Life(black_alive={}, white_alive={}, dead={}, seki={})",
            self.black_alive.len(),
            self.white_alive.len(),
            self.with_status(Status::Dead).len(),
            self.seki.len()
        )
    }
}
