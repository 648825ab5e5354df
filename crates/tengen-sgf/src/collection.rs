//! The komi of a record that does not state one, and who wins its jigo, judged from the
//! other records of its collection.
//!
//! Old professional records often lack `KM`, and no single default fits them: Japanese
//! tournaments played without komi in the 1940s, then with 4.5 (the Honinbo of the 1950s
//! and 1960s) or 5 (the Meijin of the 1960s, where a jigo counted as White's win), 5.5
//! from the mid-1970s and 6.5 from the 2000s. Scoring such a record at a fixed 5.5 makes
//! a recorded `W+2`, or a Honinbo result of 1963, impossible to reproduce whatever the
//! count. A collection usually holds other records of the same tournament from the same
//! years that do state it: [`KomiOfTheTime`] takes the komi most of those give, and for a
//! tournament none of whose records states one, the komi most of the collection's records
//! of the nearest years give (the practice of its time). It never looks at results.

use crate::tree::Node;
use tengen::rules::{Komi, Ties};

/// The komi the records of each tournament of a collection state, by year.
#[derive(Clone, Debug, Default)]
pub struct KomiOfTheTime {
    /// (tournament, year, komi) of every record that states its komi and its date.
    known: Vec<(String, i32, Komi)>,
}

impl KomiOfTheTime {
    /// Learns from the records of a collection: each as its file name (whose part before
    /// the first `-` names the tournament, as in `Hon-63-4.mgt` or `M-62-l01.sgf`) and
    /// its root node (`KM`, and the year: the first four digits of `DT`).
    pub fn learn<'a>(records: impl IntoIterator<Item = (&'a str, &'a Node)>) -> KomiOfTheTime {
        KomiOfTheTime {
            known: dated(records, stated_komi),
        }
    }

    /// The komi of the record `name` with root node `root`: its own `KM` if it states one;
    /// else the komi most records of its tournament state in the nearest years that have
    /// any (a year before and a year after count alike); else, where no record of its
    /// tournament states one, the komi most records of the collection state in the nearest
    /// years (komi changed across Japan's tournaments within a year or two of each other:
    /// a record of 1974 whose tournament never states its komi is likelier 4.5, as the
    /// Honinbo of 1974 states, than 5.5); `None` when its date is unknown or no record
    /// states a komi.
    pub fn komi(&self, name: &str, root: &Node) -> Option<Komi> {
        let of_any = || nearest_of(&self.known, |_| true, year(root)?);
        of_the_time(&self.known, name, root, stated_komi).or_else(of_any)
    }
}

/// Who won a jigo in each tournament of a collection, by year, as its records write
/// one. A whole komi (5, in Japan from the 1950s to the 1970s) allows an equal score,
/// and tournaments settled it differently: the Meijin of the 1960s gave it to White, and
/// its records write such a game `W+0` or `W+J` (`W+Jigo`), where a draw is `0`. A record
/// that ends some other way still had its tournament's rule: [`TiesOfTheTime`] gives it
/// the rule the tournament's jigos of the nearest years show. It reads the results only
/// for how a jigo is written.
#[derive(Clone, Debug, Default)]
pub struct TiesOfTheTime {
    /// (tournament, year, rule) of every dated record whose result is a jigo.
    known: Vec<(String, i32, Ties)>,
}

impl TiesOfTheTime {
    /// Learns from the records of a collection, named as for [`KomiOfTheTime::learn`].
    pub fn learn<'a>(records: impl IntoIterator<Item = (&'a str, &'a Node)>) -> TiesOfTheTime {
        TiesOfTheTime {
            known: dated(records, jigo_rule),
        }
    }

    /// Who wins an equal score in the record `name` with root node `root`: as its own
    /// result shows if it is a jigo; else as most jigos of its tournament in the nearest
    /// years show; `None` when nothing tells.
    pub fn ties(&self, name: &str, root: &Node) -> Option<Ties> {
        of_the_time(&self.known, name, root, jigo_rule)
    }
}

/// (tournament, year, value) of every dated record that states a value.
fn dated<'a, T>(
    records: impl IntoIterator<Item = (&'a str, &'a Node)>,
    stated: impl Fn(&Node) -> Option<T>,
) -> Vec<(String, i32, T)> {
    records
        .into_iter()
        .filter_map(|(name, root)| Some((tournament(name), year(root)?, stated(root)?)))
        .collect()
}

/// The value a record states itself, else the one its tournament's records in `known`
/// give in the nearest years.
fn of_the_time<T: Copy + PartialEq>(
    known: &[(String, i32, T)],
    name: &str,
    root: &Node,
    stated: impl Fn(&Node) -> Option<T>,
) -> Option<T> {
    stated(root).or_else(|| nearest(known, &tournament(name), year(root)?))
}

/// The value most entries of `tournament` in `known` give in the years nearest `year` (a
/// year before and a year after count alike).
fn nearest<T: Copy + PartialEq>(
    known: &[(String, i32, T)],
    tournament: &str,
    year: i32,
) -> Option<T> {
    nearest_of(known, |t| t == tournament, year)
}

/// The value most entries of the tournaments `of` accepts in `known` give in the years
/// nearest `year`.
fn nearest_of<T: Copy + PartialEq>(
    known: &[(String, i32, T)],
    of: impl Fn(&str) -> bool,
    year: i32,
) -> Option<T> {
    let same = || known.iter().filter(|k| of(&k.0));
    let distance = same().map(|k| (k.1 - year).abs()).min()?;
    let values: Vec<T> = same()
        .filter(|k| (k.1 - year).abs() == distance)
        .map(|k| k.2)
        .collect();
    let count = |v: &T| values.iter().filter(|x| *x == v).count();
    values.iter().copied().max_by_key(count)
}

/// The tie rule a root node's `RE` shows, if it is a jigo: `W+0` or `W+J...` White's
/// win, `B+0` or `B+J...` Black's, `0`, `Jigo` or `Draw` a draw.
fn jigo_rule(root: &Node) -> Option<Ties> {
    let re = root.raw("RE")?.trim().to_lowercase();
    let jigo = |rest: &str| rest == "0" || rest.starts_with('j');
    match re.split_once('+') {
        Some(("w", rest)) if jigo(rest) => Some(Ties::WhiteWins),
        Some(("b", rest)) if jigo(rest) => Some(Ties::BlackWins),
        None if ["0", "jigo", "draw", "d"].contains(&re.as_str()) => Some(Ties::Draw),
        _ => None,
    }
}

/// The komi a root node states, if it is a number.
fn stated_komi(root: &Node) -> Option<Komi> {
    root.raw("KM")?.trim().parse().ok()
}

/// A record's tournament: its file name up to the first `-`, in lower case.
fn tournament(name: &str) -> String {
    name.split('-').next().unwrap_or("").to_lowercase()
}

/// The year a record was played: the first four digits of its `DT`.
fn year(root: &Node) -> Option<i32> {
    root.raw("DT")?.trim().get(..4)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(text: &str) -> Node {
        crate::read_bytes(text.as_bytes()).collection.trees[0]
            .root()
            .unwrap()
            .clone()
    }

    fn komi(s: &str) -> Option<Komi> {
        s.parse().ok()
    }

    #[test]
    fn a_missing_komi_is_the_one_its_tournament_stated_in_the_nearest_years() {
        let records = [
            ("Hon-62-1.mgt", root("(;DT[1962-05-01]KM[4.5])")),
            ("Hon-62-2.mgt", root("(;DT[1962-05-10]KM[4.5])")),
            ("Hon-75-1.mgt", root("(;DT[1975-05-01]KM[5.5])")),
            ("M-63-1.mgt", root("(;DT[1963-08-04]KM[5])")),
            ("M-78-1.mgt", root("(;DT[1978-09-01]KM[5.5])")),
            ("M-78-2.mgt", root("(;DT[1978-09-11]KM[5.5])")),
        ];
        let k = KomiOfTheTime::learn(records.iter().map(|(n, r)| (*n, r)));
        // The Honinbo of 1964: nearest stated year 1962 (4.5), not the Meijin's 5.
        assert_eq!(
            k.komi("Hon-64-1.mgt", &root("(;DT[1964-04-21])")),
            komi("4.5")
        );
        // The Meijin of 1964: the Meijin's own komi of 1963.
        assert_eq!(k.komi("M-64-1.mgt", &root("(;DT[1964-07-28])")), komi("5"));
        // The Meijin of 1977: 1978 is a year away, 1963 fourteen.
        assert_eq!(
            k.komi("M-77-1.mgt", &root("(;DT[1977-09-08])")),
            komi("5.5")
        );
        // A stated komi is kept; tournaments are told apart case-blind.
        assert_eq!(
            k.komi("hon-80-1.mgt", &root("(;DT[1980]KM[6.5])")),
            komi("6.5")
        );
        assert_eq!(
            k.komi("HON-76-1.mgt", &root("(;DT[1976-05-01])")),
            komi("5.5")
        );
    }

    #[test]
    fn years_at_the_same_distance_count_together() {
        // 1970 is two years from 1968 (one record: 5) and from 1972 (two records: 5.5).
        let records = [
            ("M-68-1.mgt", root("(;DT[1968]KM[5])")),
            ("M-72-1.mgt", root("(;DT[1972]KM[5.5])")),
            ("M-72-2.mgt", root("(;DT[1972]KM[5.5])")),
        ];
        let k = KomiOfTheTime::learn(records.iter().map(|(n, r)| (*n, r)));
        assert_eq!(k.komi("M-70-1.mgt", &root("(;DT[1970])")), komi("5.5"));
    }

    #[test]
    fn a_jigo_goes_to_whom_the_tournaments_jigos_of_the_nearest_years_gave_it() {
        let records = [
            ("M-62-l03.sgf", root("(;DT[1962-08-05]KM[5]RE[W+J])")),
            ("M-63-2.mgt", root("(;DT[1963-08-14]KM[5]RE[W+0])")),
            ("M-68-4.sgf", root("(;DT[1968/Sep/21]KM[5]RE[W+Jigo])")),
            ("M-80-4.mgt", root("(;DT[1980-10-09]RE[0])")),
            ("Hon-63-1.mgt", root("(;DT[1963]KM[5]RE[B+2])")),
        ];
        let t = TiesOfTheTime::learn(records.iter().map(|(n, r)| (*n, r)));
        // The Meijin of 1969, which ended W+2: its jigos of 1968 were White's.
        assert_eq!(
            t.ties("M-69-6.mgt", &root("(;DT[1969-10-13]KM[5]RE[W+2])")),
            Some(Ties::WhiteWins)
        );
        // Of 1979, a year from the draw of 1980.
        assert_eq!(
            t.ties("M-79-1.mgt", &root("(;DT[1979]KM[5]RE[B+1])")),
            Some(Ties::Draw)
        );
        // A record's own jigo tells its rule; results that are no jigo tell nothing.
        assert_eq!(
            t.ties("X-1.sgf", &root("(;RE[B+0])")),
            Some(Ties::BlackWins)
        );
        assert_eq!(t.ties("X-1.sgf", &root("(;RE[Draw])")), Some(Ties::Draw));
        assert_eq!(t.ties("Hon-64-1.mgt", &root("(;DT[1964]RE[B+0.5])")), None);
        assert_eq!(t.ties("M-69-6.mgt", &root("(;RE[W+2])")), None);
    }

    #[test]
    fn a_tournament_that_never_states_its_komi_takes_the_collections_of_the_time() {
        // goban-original-games' Nihon Ki-in Championship states no komi: its game of 1974
        // takes the Honinbo's 4.5 of 1974, its games of 1975 the 5.5 most records of 1975
        // state (the Honinbo's and the Tengen's against the Meijin's 5).
        let records = [
            ("Hon-74-1.sgf", root("(;DT[1974-05-22]KM[4.5])")),
            ("Hon-74-6.sgf", root("(;DT[1974-07-10]KM[4.5])")),
            ("Hon-75-2.sgf", root("(;DT[1975]KM[5.5])")),
            ("Hon-75-3.sgf", root("(;DT[1975]KM[5.5])")),
            ("M-75-1.mgt", root("(;DT[1975-09-10]KM[5])")),
            ("T-01-2.mgt", root("(;DT[1975-12-18]KM[5.5])")),
            ("M-73-4.sgf", root("(;DT[1973]KM[5])")),
            ("M-73-6.sgf", root("(;DT[1973]KM[5])")),
        ];
        let k = KomiOfTheTime::learn(records.iter().map(|(n, r)| (*n, r)));
        assert_eq!(k.komi("Nih-73-4.mgt", &root("(;DT[1974])")), komi("4.5"));
        assert_eq!(
            k.komi("Nih-74-5.mgt", &root("(;DT[1975-02-06])")),
            komi("5.5")
        );
        // A tournament's own records come first, however far: the Meijin of 1974 takes
        // the Meijin's 5 of 1973 and 1975, not the Honinbo's 4.5 of 1974.
        assert_eq!(k.komi("M-74-1.mgt", &root("(;DT[1974])")), komi("5"));
    }

    #[test]
    fn without_a_date_or_any_stated_komi_there_is_no_guess() {
        let records = [("Hon-62-1.mgt", root("(;DT[1962]KM[4.5])"))];
        let k = KomiOfTheTime::learn(records.iter().map(|(n, r)| (*n, r)));
        assert_eq!(k.komi("Hon-63-1.mgt", &root("(;PB[x])")), None);
        assert_eq!(k.komi("Hon-63-1.mgt", &root("(;DT[29th])")), None);
        assert_eq!(k.komi("Kisei-63-1.mgt", &root("(;PB[x])")), None);
        // An unknown tournament of a known year: the collection's komi of the time.
        assert_eq!(k.komi("Kisei-63-1.mgt", &root("(;DT[1963])")), komi("4.5"));
        // A komi that is not a number is no komi.
        let bad = [("Hon-61-1.mgt", root("(;DT[1961]KM[five])"))];
        let k = KomiOfTheTime::learn(bad.iter().map(|(n, r)| (*n, r)));
        assert_eq!(k.komi("Hon-63-1.mgt", &root("(;DT[1963])")), None);
    }
}
